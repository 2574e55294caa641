import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Group } from '#schemas/group';
import type { GroupRepository } from '../../core/groups/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a group. */
export const groupRecord = recordSchema<Group>('group', Group);

/** Groups found among merchants: what the users group reads of them, without the group repository's entity store. */
export class DynamoGroupReader implements Pick<GroupRepository, 'findInMerchants'> {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** Group keys carry their merchant: one BatchGet over merchants × ids (a user has few of both). */
  async findInMerchants(merchantIds: readonly string[], ids: readonly string[]): Promise<Group[]> {
    const pairs = [...new Set(merchantIds)].flatMap((merchantId) => ids.map((id) => ({ merchantId, id })));
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      pairs.map((p) => keys.group(p.merchantId, p.id)),
    );
    return items.map((item) => groupRecord.read(item));
  }
}

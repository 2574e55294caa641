/** Whether a group still has machines (a group with machines cannot be deleted): one key-only Query of the group index. */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GroupPos } from '../../core/devices/ports';
import * as keys from './keys';

export class DynamoGroupPos implements GroupPos {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async groupHasPos(merchantId: string, groupId: string): Promise<boolean> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.posByGroup(merchantId, groupId, '', '').gsi2pk },
        Limit: 1,
        ProjectionExpression: 'pk',
      }),
    );
    return (res.Items ?? []).length > 0;
  }
}

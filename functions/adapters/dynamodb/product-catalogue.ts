import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProductCatalogue } from '../../core/planograms/ports';
import { batchGetItems } from './batch-items';
import { keys } from './keys';

/** The merchant's products as planogram lines need them: which ids exist (BatchGetItem of the product items, 26c). */
export class DynamoProductCatalogue implements ProductCatalogue {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async existing(merchantId: string, productIds: readonly string[]): Promise<Set<string>> {
    const items = await batchGetItems(this.doc, this.tableName, productIds.map((id) => keys.product(merchantId, id)), { expression: 'id' });
    return new Set(items.map((item) => String(item.id)));
  }
}

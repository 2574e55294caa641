import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProductCatalogue } from '../../core/planograms/ports';
import type { ProductNames as PriceProductNames } from '../../core/prices/ports';
import type { ProductNames } from '../../core/stock/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';

/** The merchant's products as planogram lines, stock and prices need them: which ids exist, their codes and names (BatchGetItem of the product items, 26c). */
export class DynamoProductCatalogue implements ProductCatalogue, ProductNames, PriceProductNames {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async existing(merchantId: string, productIds: readonly string[]): Promise<Set<string>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      productIds.map((id) => keys.product(merchantId, id)),
      { expression: 'id' },
    );
    return new Set(items.map((item) => String(item.id)));
  }

  /** Codes and names of the products that exist (stock lines, pick lists). */
  async names(merchantId: string, productIds: readonly string[]): Promise<Map<string, { code: string; name: string }>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      productIds.map((id) => keys.product(merchantId, id)),
      { expression: 'id, code, #n', names: { '#n': 'name' } },
    );
    return new Map(items.map((item) => [String(item.id), { code: String(item.code), name: String(item.name) }]));
  }
}

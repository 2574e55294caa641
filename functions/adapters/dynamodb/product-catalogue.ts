import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Product } from '#schemas/product-entity';
import type { ProductCatalogue } from '../../core/planograms/ports';
import type { ProductNames as PriceProductNames } from '../../core/prices/ports';
import type { ProductNames } from '../../core/stock/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { recordSchema } from './records';

/** What these read of a product item (26c), parsed: its id; its id, code and name. */
const productId = recordSchema('product', z.pick(Product, { id: true }));
const productName = recordSchema('product', z.pick(Product, { id: true, code: true, name: true }));

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
      { expression: 'pk, sk, id' },
    );
    return new Set(items.map((item) => productId.read(item).id));
  }

  /** Codes and names of the products that exist (stock lines, pick lists). */
  async names(merchantId: string, productIds: readonly string[]): Promise<Map<string, { code: string; name: string }>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      productIds.map((id) => keys.product(merchantId, id)),
      { expression: 'pk, sk, id, code, #n', names: { '#n': 'name' } },
    );
    return new Map(items.map((item) => productName.read(item)).map(({ id, code, name }) => [id, { code, name }]));
  }
}

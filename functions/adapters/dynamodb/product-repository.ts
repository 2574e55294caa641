import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Product } from '#schemas/product-entity';
import {
  ProductCodeAlreadyExistsException,
  ProductInUseException,
  ProductNameAlreadyExistsException,
  ProductNotFoundException,
} from '../../core/products/errors';
import type { ProductRepository, ProductSelection } from '../../core/products/ports';
import { nameKey } from '../../core/merchants/merchant';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { countQuery, queryPage, readRange, type ItemFilter } from './paging';
import { recordSchema } from './records';

/** Search and type filter of a product list, on the attributes every product item carries (nameKey, codeKey). */
function filterOf(sel: ProductSelection): ItemFilter | undefined {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (sel.productType) {
    parts.push('productType = :ptype');
    values[':ptype'] = sel.productType;
  }
  if (sel.search) {
    parts.push('(contains(nameKey, :search) OR contains(codeKey, :search))');
    values[':search'] = nameKey(sel.search);
  }
  return parts.length ? { expression: parts.join(' AND '), names: {}, values } : undefined;
}

/** The record schema of a product: items written before its planograms count was kept have 0. */
export const productRecord = recordSchema<Product>('product', z.extend(Product, { planograms: z._default(z.number(), 0) }));

export class DynamoProductRepository implements ProductRepository {
  private readonly store: NamedEntityStore<Product>;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.store = new NamedEntityStore<Product>(doc, tableName, {
      entity: 'product',
      record: productRecord,
      key: keys.product,
      byName: keys.productByName,
      listPartition: keys.merchantProductsPk,
      nameGuard: keys.productNameGuard,
      guardOwner: 'productId',
      counterName: keys.productsCounterName,
      editable: ['code', 'name', 'description', 'productType', 'vat', 'customParameters', 'updatedAt'],
      usage: { attribute: 'planograms', inUse: () => new ProductInUseException([]) },
      uniqueCode: { attribute: 'code', byCode: keys.productByCode, guard: keys.productCodeGuard, duplicate: () => new ProductCodeAlreadyExistsException() },
      duplicate: () => new ProductNameAlreadyExistsException(),
      notFound: () => new ProductNotFoundException(),
    });
  }

  /** By name: gsi1 (`{nameKey}#{id}`); by code: gsi2 (`{codeKey}#{id}`); both in the merchant's products partition. */
  private range(merchantId: string, sel: ProductSelection) {
    const filter = filterOf(sel);
    return {
      tableName: this.tableName,
      index: sel.ord === 'code' ? ('gsi2' as const) : ('gsi1' as const),
      partition: keys.merchantProductsPk(merchantId),
      ...(filter ? { filter } : {}),
    };
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  async listSlice(merchantId: string, sel: ProductSelection & { offset: number; limit: number; cursor?: string }) {
    const slice = await queryPage(this.doc, {
      ...this.range(merchantId, sel),
      forward: sel.ordType === 'asc',
      offset: sel.offset,
      limit: sel.limit,
      cursor: sel.cursor,
    });
    return { items: slice.items.map((item) => this.store.fromItem(item)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  async count(merchantId: string, sel: ProductSelection) {
    if (!sel.search && !sel.productType) return { count: await this.store.count(merchantId) };
    return countQuery(this.doc, this.range(merchantId, sel));
  }

  async listAll(merchantId: string, sel: ProductSelection, max: number) {
    const items = await readRange(this.doc, { ...this.range(merchantId, sel), forward: sel.ordType === 'asc', max });
    return items.map((item) => this.store.fromItem(item));
  }

  create(product: Product) {
    return this.store.create(product);
  }

  update(current: Product, next: Product) {
    return this.store.update(current, next);
  }

  delete(current: Product) {
    return this.store.delete(current);
  }
}

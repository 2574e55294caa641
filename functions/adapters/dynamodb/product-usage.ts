import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlanogramUse, ProductUsage } from '../../core/products/ports';
import { keys } from './keys';
import { readRange } from './paging';

/** Most planograms one product's associations list (a merchant has a few dozen planograms). */
const MAX_USES = 500;

/** Reads the planograms' index of lines by product: one item per (product, planogram) in the product's usage partition. */
export class DynamoProductUsage implements ProductUsage {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async planogramsUsing(merchantId: string, productId: string): Promise<PlanogramUse[]> {
    const items = await readRange(this.doc, { tableName: this.tableName, partition: keys.productUsePk(merchantId, productId), beginsWith: 'PLANOGRAM#', forward: true, max: MAX_USES });
    return items.map((item) => ({ id: String(item.planogramId), description: String(item.description ?? ''), machines: [] }));
  }
}

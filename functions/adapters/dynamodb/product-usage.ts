import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { PlanogramUse, ProductUsage } from '../../core/products/ports';
import * as keys from './keys';
import { readRange } from './paging';
import { posNameProjection } from './pos-name';
import { recordSchema } from './records';

/** The record schema of a product's use by a planogram (26g): the planogram and its name. */
export const productUseRecord = recordSchema('productPlanogramUse', z.object({ planogramId: z.string(), description: z._default(z.string(), '') }));

/** Most planograms one product's associations list (a merchant has a few dozen planograms). */
const MAX_USES = 500;
/** Most machines listed per planogram (by name): what a planogram's delete handles in one request too. */
const MAX_MACHINES = 200;

/**
 * Where a product is used: the planograms' index of lines by product (ACCESS-PATTERNS 26g), then each of those
 * planograms' machines by name (26i, projected to serial and name).
 */
export class DynamoProductUsage implements ProductUsage {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async planogramsUsing(merchantId: string, productId: string): Promise<PlanogramUse[]> {
    const uses = await readRange(this.doc, {
      tableName: this.tableName,
      partition: keys.productUsePk(merchantId, productId),
      beginsWith: 'PLANOGRAM#',
      forward: true,
      max: MAX_USES,
    });
    return Promise.all(
      uses.map(async (item) => {
        const { planogramId, description } = productUseRecord.read(item);
        const machines = await readRange(this.doc, {
          tableName: this.tableName,
          index: 'gsi3',
          partition: keys.planogramPosPk(merchantId, planogramId),
          forward: true,
          max: MAX_MACHINES,
          projection: { expression: 'pk, sk, serial, #name', names: { '#name': 'name' } },
        });
        return { id: planogramId, name: description, machines: machines.map((m) => posNameProjection.read(m)) };
      }),
    );
  }
}

import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Planogram } from '#schemas/planogram-entity';
import type { PlanogramLines } from '../../core/stock/ports';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a planogram: items written before its machines count was kept have 0. */
export const planogramRecord = recordSchema<Planogram>('planogram', z.extend(Planogram, { machines: z._default(z.number(), 0) }));

/**
 * One planogram by id, the read a machine's stock record follows (core/stock/writes.ts): the machines group carries
 * this and not the planogram repository with its entity store.
 */
export class DynamoPlanogramLines implements PlanogramLines {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, id: string): Promise<Planogram | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.planogram(merchantId, id) }));
    return res.Item ? planogramRecord.read(res.Item) : undefined;
  }
}

/**
 * A machine's stock record read and written whole (ACCESS-PATTERNS S1): what the machines group and ingestion keep in
 * step with a machine, without the stock repository's lists. The record schema and the item's summary live here.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dayOf, summarize, type StockRecord } from '../../core/stock/model';
import type { StockRepository } from '../../core/stock/ports';
import { counterUpdate, forgetCounter } from './counters';
import * as keys from './keys';
import { keyedMap, recordSchema } from './records';
import { isConditionFailure, transactOrConflict } from './transactions';

type Item = Record<string, unknown>;

const RECORD_FIELDS = [
  'merchantId',
  'serial',
  'name',
  'groupId',
  'clientId',
  'planogramId',
  'planogramType',
  'lines',
  'lastRefillAt',
  'trackedSince',
  'updatedAt',
  'applied',
  'version',
] as const;

/** The item of a stock record (the bench seeds with it). */
export function stockItem(r: StockRecord): Item {
  // Fill, lines out and low do not depend on the day: stored for the index and its filters.
  const { fillPercent, linesOut, linesLow, status } = summarize(r, dayOf(r.updatedAt));
  const fillKey = keys.stockFillKey(fillPercent, r.serial);
  return {
    ...keys.posStock(r.merchantId, r.serial),
    entity: 'stock',
    ...Object.fromEntries(RECORD_FIELDS.map((f) => [f, r[f]])),
    fillPercent,
    linesOut,
    linesLow,
    status,
    gsi1pk: keys.merchantStockPk(r.merchantId),
    gsi1sk: fillKey,
    ...(r.groupId ? { gsi2pk: keys.groupStockPk(r.merchantId, r.groupId), gsi2sk: fillKey } : {}),
    ...(r.clientId ? { gsi3pk: keys.clientStockPk(r.merchantId, r.clientId), gsi3sk: fillKey } : {}),
  };
}

const nullableString = z._default(z.nullable(z.string()), null);

const stockLine = z.object({
  selection: z.string(),
  productId: z.string(),
  capacity: z.number(),
  warningLevel: z.number(),
  refillValue: z.number(),
  value: z.number(),
  lastRefillAt: nullableString,
  updatedAt: z.string(),
  sold: keyedMap((n): n is number => typeof n === 'number'),
  auditVends: z._default(z.nullable(z.number()), null),
  auditAt: nullableString,
  // Lines stored before reconciliation kept the reported sales and the span audits took off have neither.
  reported: z._default(z.array(z.number()), []),
  reconciled: z._default(z.nullable(z.object({ from: z.string(), through: z.string() })), null),
});

/** The record schema of a stock item (S1): the record without its summary (fill, lines out and low, status), which is derived. */
export const stockRecord = recordSchema<StockRecord>(
  'stock',
  z.object({
    merchantId: z.string(),
    serial: z.string(),
    name: z.string(),
    groupId: nullableString,
    clientId: nullableString,
    planogramId: z.string(),
    planogramType: z.enum(['A', 'B']),
    lines: z.array(stockLine),
    lastRefillAt: nullableString,
    trackedSince: z.string(),
    updatedAt: z.string(),
    applied: z.array(z.string()),
    version: z.number(),
  }),
);

const recordOf = (item: Item): StockRecord => stockRecord.read(item);

export class DynamoStockRecords implements Pick<StockRepository, 'get' | 'put' | 'delete'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(merchantId: string, serial: string): Promise<StockRecord | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.posStock(merchantId, serial), ConsistentRead: true }));
    return res.Item ? recordOf(res.Item) : undefined;
  }

  async put(next: StockRecord, readVersion: number | undefined): Promise<boolean> {
    const Item = stockItem(next);
    if (readVersion === undefined) {
      // A new record counts in the merchant's total, in the same transaction.
      const counted = await transactOrConflict(this.doc, [
        { Put: { TableName: this.tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } },
        counterUpdate(this.tableName, keys.stockCounterName(next.merchantId), { count: 1 })!,
      ]);
      forgetCounter(keys.stockCounterName(next.merchantId));
      return counted === 'ok';
    }
    try {
      await this.doc.send(
        new PutCommand({ TableName: this.tableName, Item, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': readVersion } }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async delete(merchantId: string, serial: string): Promise<void> {
    const key = keys.posStock(merchantId, serial);
    const res = await transactOrConflict(this.doc, [
      { Delete: { TableName: this.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' } },
      counterUpdate(this.tableName, keys.stockCounterName(merchantId), { count: -1 })!,
    ]);
    if (res === 'ok') forgetCounter(keys.stockCounterName(merchantId));
  }
}

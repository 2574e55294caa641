/**
 * Machines' stock records (ACCESS-PATTERNS S1–S5): one item per machine with stock management, in the machine's
 * partition. Every write puts the whole item conditioned on the version read, with its summary (fill, lines out and
 * low, status) and the fill index keys, so a sale costs one item write and the manage-stock list stays sorted.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Total } from '#schemas/paging';
import { dayOf, summarize, type StockRecord } from '../../core/stock/model';
import type { StockRepository, StockSelection, StockSliceRequest } from '../../core/stock/ports';
import { batchGetItems } from './batch-items';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';
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

/** The index partitions a selection reads and the filter no index answers. */
function partitions(merchantId: string, sel: StockSelection): Pick<PageQuery, 'index' | 'partition' | 'filter'> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const equal = (attr: 'clientId' | 'planogramId' | 'status', value: unknown) => {
    conditions.push(`#f_${attr} = :f_${attr}`);
    names[`#f_${attr}`] = attr;
    values[`:f_${attr}`] = value;
  };
  if (sel.planogramId) equal('planogramId', sel.planogramId);
  if (sel.status !== undefined) equal('status', sel.status);
  let where: Pick<PageQuery, 'index' | 'partition'>;
  if (sel.groupIds) {
    where = { index: 'gsi2', partition: [...new Set(sel.groupIds)].map((g) => keys.groupStockPk(merchantId, g)) };
    if (sel.clientId) equal('clientId', sel.clientId);
  } else if (sel.clientId) where = { index: 'gsi3', partition: keys.clientStockPk(merchantId, sel.clientId) };
  else where = { index: 'gsi1', partition: keys.merchantStockPk(merchantId) };
  const filter: ItemFilter | undefined = conditions.length ? { expression: conditions.join(' AND '), names, values } : undefined;
  return { ...where, ...(filter ? { filter } : {}) };
}

export class DynamoStockRepository implements StockRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
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

  async listSlice(merchantId: string, req: StockSliceRequest): Promise<{ items: StockRecord[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...partitions(merchantId, req),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: page.items.map(recordOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, sel: StockSelection): Promise<Total> {
    if (!sel.groupIds && !sel.clientId && !sel.planogramId && sel.status === undefined)
      return { count: await readCounter(this.doc, this.tableName, keys.stockCounterName(merchantId)) };
    return countQuery(this.doc, { tableName: this.tableName, ...partitions(merchantId, sel) });
  }

  async ofMachines(merchantId: string, serials: readonly string[]): Promise<StockRecord[]> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      serials.map((s) => keys.posStock(merchantId, s)),
    );
    return items.map(recordOf);
  }

  ofGroup(merchantId: string, groupId: string, max: number): Promise<StockRecord[]> {
    return this.readPartition('gsi2', keys.groupStockPk(merchantId, groupId), max);
  }

  ofClient(merchantId: string, clientId: string, max: number): Promise<StockRecord[]> {
    return this.readPartition('gsi3', keys.clientStockPk(merchantId, clientId), max);
  }

  private async readPartition(index: 'gsi2' | 'gsi3', partition: string, max: number): Promise<StockRecord[]> {
    return (await readRange(this.doc, { tableName: this.tableName, index, partition, forward: true, max })).map(recordOf);
  }
}

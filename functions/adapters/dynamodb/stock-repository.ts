/**
 * Machines' stock records (ACCESS-PATTERNS S1–S5): one item per machine with stock management, in the machine's
 * partition. Every write puts the whole item conditioned on the version read, with its summary (fill, lines out and
 * low, status) and the fill index keys, so a sale costs one item write and the manage-stock list stays sorted.
 */
import type { Total } from '#schemas/paging';
import type { StockRecord } from '../../core/stock/model';
import type { StockRepository, StockSelection, StockSliceRequest } from '../../core/stock/ports';
import { batchGetItems } from './batch-items';
import { readCounter } from './counters';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';
import { DynamoStockRecords, stockRecord } from './stock-records';

export { stockItem, stockRecord } from './stock-records';

const recordOf = (item: Record<string, unknown>): StockRecord => stockRecord.read(item);

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

export class DynamoStockRepository extends DynamoStockRecords implements StockRepository {
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

/**
 * Machine lists and counts of one merchant (ACCESS-PATTERNS: Device lists): pages by name through paging.ts,
 * of the merchant's partition or of some of its groups' merged; totals from the counters unless filtered.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import type { PointOfSale, PosCounts } from '#schemas/pos';
import type { PosFilter, PosLists, PosSelection, PosSliceRequest } from '../../core/devices/ports';
import { hiddenCounter } from '../../core/devices/model';
import { nameKey } from '../../core/merchants/merchant';
import { readCounter } from './counters';
import * as keys from './keys';
import { listedOf } from './machine-items';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';

function filterOf(filter: PosFilter, hidden?: boolean): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let n = 0;
  const cond = (attr: string, op: string, value: unknown) => {
    const i = n++;
    names[`#f${i}`] = attr;
    values[`:f${i}`] = value;
    parts.push(op === 'contains' ? `contains(#f${i}, :f${i})` : `#f${i} ${op} :f${i}`);
    return `#f${i}`;
  };
  if (hidden !== undefined) cond('hidden', '=', hidden);
  if (filter.createdFrom) cond('createdAt', '>=', filter.createdFrom);
  if (filter.createdTo) cond('createdAt', '<', filter.createdTo);
  if (filter.updatedFrom) cond('updatedAt', '>=', filter.updatedFrom);
  if (filter.updatedTo) cond('updatedAt', '<', filter.updatedTo);
  if (filter.warrantyFrom) cond('warrantyEnd', '>=', filter.warrantyFrom);
  if (filter.warrantyTo) cond('warrantyEnd', '<=', filter.warrantyTo);
  if (filter.clientId) cond('clientId', '=', filter.clientId);
  if (filter.planogramId) cond('planogramId', '=', filter.planogramId);
  if (filter.search) {
    const i = n++;
    names[`#f${i}a`] = 'nameKey';
    names[`#f${i}b`] = 'serial';
    values[`:f${i}a`] = nameKey(filter.search);
    values[`:f${i}b`] = filter.search.trim().toUpperCase();
    parts.push(`(contains(#f${i}a, :f${i}a) OR contains(#f${i}b, :f${i}b))`);
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

const hasFilter = (f: PosFilter) => Object.values(f).some((v) => v !== undefined && v !== '');

/** The index partitions a selection reads (all of one index) and the filter no index answers. */
function partitions(merchantId: string, sel: PosSelection): Pick<PageQuery, 'index' | 'filter'> & { partition: string | string[] } {
  if (!sel.groupIds) return { index: 'gsi1', partition: keys.posByName(merchantId, sel.hidden, '', '').gsi1pk, filter: filterOf(sel.filter) };
  // The group index holds visible and hidden machines alike: `hidden` becomes part of the filter.
  return { index: 'gsi2', partition: sel.groupIds.map((g) => keys.posByGroup(merchantId, g, '', '').gsi2pk), filter: filterOf(sel.filter, sel.hidden) };
}

export class DynamoPosLists implements PosLists {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** A page in index-sort-key order (`nameKey#serial`, the same shape in every partition). */
  async listSlice(merchantId: string, req: PosSliceRequest): Promise<{ items: PointOfSale[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...partitions(merchantId, req),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: page.items.map(listedOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, sel: PosSelection): Promise<Total> {
    if (!hasFilter(sel.filter)) {
      const names = sel.groupIds ? [...new Set(sel.groupIds)].map((g) => keys.posGroupCounterName(merchantId, g)) : [keys.posCounterName(merchantId)];
      const totals = await Promise.all(
        names.map(async (n) => {
          const [total, hidden] = await Promise.all([
            readCounter(this.doc, this.tableName, n, Date.now(), 'total'),
            readCounter(this.doc, this.tableName, n, Date.now(), 'hidden'),
          ]);
          return sel.hidden ? hidden : total - hidden;
        }),
      );
      return { count: totals.reduce((a, b) => a + b, 0) };
    }
    return countQuery(this.doc, { tableName: this.tableName, ...partitions(merchantId, sel) });
  }

  async listAll(merchantId: string, sel: PosSelection, max: number): Promise<PointOfSale[]> {
    const { partition, ...range } = partitions(merchantId, sel);
    const reads = await Promise.all(
      [...new Set(typeof partition === 'string' ? [partition] : partition)].map((p) =>
        readRange(this.doc, { tableName: this.tableName, ...range, partition: p, forward: true, max: max + 1 }),
      ),
    );
    const skName = range.index === 'gsi1' ? 'gsi1sk' : 'gsi2sk';
    return reads
      .flatMap((r) => r)
      .sort((a, b) => (String(a[skName]) < String(b[skName]) ? -1 : 1))
      .slice(0, max + 1)
      .map(listedOf);
  }

  async counts(merchantId: string, groupIds?: readonly string[]): Promise<PosCounts> {
    const names = groupIds ? [...new Set(groupIds)].map((g) => keys.posGroupCounterName(merchantId, g)) : [keys.posCounterName(merchantId)];
    const attrs = ['total', 'hidden', 'online', 'offline', 'unknown', 'ok', 'warning', 'critical'] as const;
    const sums = Object.fromEntries(attrs.map((a) => [a, 0])) as Record<(typeof attrs)[number], number>;
    for (const n of names) {
      for (const a of attrs) sums[a] += await readCounter(this.doc, this.tableName, n, Date.now(), a);
    }
    return { ...sums, visible: sums.total - sums.hidden };
  }

  async visibleCounts(merchantId: string, groupIds?: readonly string[]): Promise<PosCounts> {
    const names = groupIds ? [...new Set(groupIds)].map((g) => keys.posGroupCounterName(merchantId, g)) : [keys.posCounterName(merchantId)];
    const all = await this.counts(merchantId, groupIds);
    const visible = { ...all };
    for (const state of ['online', 'offline', 'unknown', 'ok', 'warning', 'critical'] as const) {
      let hidden = 0;
      for (const n of names) hidden += await readCounter(this.doc, this.tableName, n, Date.now(), hiddenCounter(state));
      // Machines hidden before the counters kept them apart count as visible (never below zero).
      visible[state] = Math.max(0, all[state] - hidden);
    }
    return visible;
  }
}

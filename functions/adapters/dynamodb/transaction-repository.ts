/**
 * A merchant's transactions (ACCESS-PATTERNS T1–T7): pages over month partitions of the merchant's (gsi1) or its
 * groups' (gsi2) index, or over machines' own partitions (I3), merged by `paging.ts`; the statistics counters.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { STAT_CATEGORIES } from '#schemas/transaction-constants';
import type { TransactionsUsed } from '#schemas/transaction';
import type { HistorySlice } from '../../core/devices/history-ports';
import type { PosFigures, TransactionRepository, TransactionSelection } from '../../core/transactions/ports';
import { addFigures, emptyFigures } from '../../core/transactions/stats';
import * as keys from './keys';
import { openCountedCursor, sealCountedCursor, selectionKey } from './counted-cursor';
import { countQuery, queryPage, type ItemFilter, type PartitionSource } from './paging';
import { recordSchema } from './records';
import { DynamoSalesFigures, figuresOf, statsMonthRecord } from './sales-figures';
import { toTransaction } from './transaction-records';

const numberSet = z.custom<ReadonlySet<number>>((v) => v instanceof Set && [...v].every((n) => typeof n === 'number'));

/** The record schema of a merchant's "used" item (T9): number sets, each absent until a value is added. */
export const salesUsedRecord = recordSchema(
  'salesUsed',
  z.object({ merchantId: z.string(), types: z.optional(numberSet), mediaTypes: z.optional(numberSet), sourceTypes: z.optional(numberSet) }),
);

/** Items a page of /all and /csv reads at once. */
const READ_PAGE_ITEMS = 1_000;
/** Filtered Queries a page of /all and /csv may make in a partition (it reads on until the cap). */
const EXPORT_FILTERED_QUERIES = 1_000;

/** The UTC months (`yyyy-mm`) an instant range touches, `to` exclusive. */
export function monthsOf(from: string, to: string): string[] {
  const last = new Date(Date.parse(to) - 1).toISOString().slice(0, 7);
  const out: string[] = [];
  for (let m = from.slice(0, 7); m <= last;) {
    out.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return out;
}

/** The FilterExpression of the filters no key answers. */
function filterOf(sel: TransactionSelection): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const eq = (attr: string, value: unknown) => {
    if (value === undefined) return;
    const i = parts.length;
    names[`#f${i}`] = attr;
    values[`:f${i}`] = value;
    parts.push(`#f${i} = :f${i}`);
  };
  eq('type', sel.type);
  eq('mediaType', sel.mediaType);
  eq('productCode', sel.productCode);
  if (sel.sourceType !== undefined) {
    names['#fsrc'] = 'source';
    names['#fsrctype'] = 'type';
    values[':fsrctype'] = sel.sourceType;
    // Transactions without a source are of source type 0 (unknown).
    parts.push(sel.sourceType === 0 ? '(attribute_not_exists(#fsrc) OR #fsrc.#fsrctype = :fsrctype)' : '#fsrc.#fsrctype = :fsrctype');
  }
  if (sel.valueMin !== undefined || sel.valueMax !== undefined) {
    names['#fval'] = 'value';
    if (sel.valueMin !== undefined) {
      values[':fmin'] = sel.valueMin;
      parts.push('#fval >= :fmin');
    }
    if (sel.valueMax !== undefined) {
      values[':fmax'] = sel.valueMax;
      parts.push('#fval <= :fmax');
    }
  }
  if (sel.soldInGroups) {
    names['#fgrp'] = 'groupId';
    sel.soldInGroups.forEach((g, i) => (values[`:fg${i}`] = g));
    parts.push(`#fgrp IN (${sel.soldInGroups.map((_, i) => `:fg${i}`).join(', ')})`);
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

/** The partitions a selection reads, each narrowed to the date range (`to` exclusive: no key equals it). */
function sourcesOf(sel: TransactionSelection, months = monthsOf(sel.from, sel.to)): PartitionSource[] {
  const filter = filterOf(sel);
  const withFilter = filter ? { filter } : {};
  const { merchantId: m, from, to, source } = sel;
  if (source.kind === 'machines') {
    return source.serials.map((serial) => ({
      partition: keys.posPk(m, serial),
      between: { from: `${keys.historyPrefix.sale}${from}`, to: `${keys.historyPrefix.sale}${to}` },
      ...withFilter,
    }));
  }
  const between = { from, to };
  // Months hold disjoint times: a page reads month after month and stops once full (`span`).
  if (source.kind === 'merchant')
    return months.map((month) => ({ partition: keys.merchantSalesPk(m, month), index: 'gsi1', between, span: month, ...withFilter }));
  return source.groupIds.flatMap((g) =>
    months.map((month) => ({ partition: keys.groupSalesPk(m, g, month), index: 'gsi2' as const, between, span: month, ...withFilter })),
  );
}

function localMonthsOf(fromDay: string, toDay: string): string[] {
  return monthsOf(`${fromDay}T00:00:00.000Z`, new Date(Date.parse(`${toDay}T00:00:00.000Z`) + 1).toISOString());
}

export class DynamoTransactionRepository extends DynamoSalesFigures implements TransactionRepository {
  /** A page and the selection's total: counted beside page 1's Query, then carried in the cursors (one Query a page). */
  async page(sel: TransactionSelection, s: HistorySlice) {
    const partition = sourcesOf(sel);
    // The range's ends are left out: a default range ends now, a little later at every page.
    const { from: _, to: __, ...counted } = sel;
    const key = selectionKey(counted);
    const opened = s.cursor ? openCountedCursor(s.cursor, key) : undefined;
    const [page, total] = await Promise.all([
      queryPage(this.doc, { tableName: this.tableName, partition, forward: s.ordType === 'asc', offset: s.offset, limit: s.limit, cursor: opened?.cursor }),
      opened?.total ?? countQuery(this.doc, { tableName: this.tableName, partition }),
    ]);
    return { items: page.items.map(toTransaction), total, ...(page.cursor ? { cursor: sealCountedCursor(page.cursor, total, key) } : {}) };
  }

  /**
   * Every transaction of the selection in date order, a page at a time (/all, /csv). Month partitions are disjoint in
   * time, so they are read one month after another (a group admin's groups merged within the month), never all the
   * range's months at once: one page is held at a time whatever the range.
   */
  async *pages(sel: TransactionSelection, ordType: 'asc' | 'desc') {
    const months = monthsOf(sel.from, sel.to);
    if (ordType === 'desc') months.reverse();
    const walks = sel.source.kind === 'machines' ? [sourcesOf(sel)] : months.map((month) => sourcesOf(sel, [month]));
    for (const partition of walks) {
      let cursor: string | undefined;
      for (let offset = 0; ; offset += READ_PAGE_ITEMS) {
        const page = await queryPage(
          this.doc,
          { tableName: this.tableName, partition, forward: ordType === 'asc', offset, limit: READ_PAGE_ITEMS, cursor },
          EXPORT_FILTERED_QUERIES,
        );
        if (page.items.length) yield page.items.map(toTransaction);
        if (!page.cursor) break;
        cursor = page.cursor;
      }
    }
  }

  async used(merchantId: string): Promise<TransactionsUsed> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.salesUsed(merchantId) }));
    const used = res.Item && salesUsedRecord.read(res.Item);
    const sorted = (v: ReadonlySet<number> | undefined) => [...(v ?? [])].sort((a, b) => a - b);
    return { types: sorted(used?.types), mediaTypes: sorted(used?.mediaTypes), sourceTypes: sorted(used?.sourceTypes) };
  }

  async machineFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<PosFigures[]> {
    const filter: ItemFilter | undefined = groupIds
      ? {
          expression: `#g IN (${groupIds.map((_, i) => `:g${i}`).join(', ')})`,
          names: { '#g': 'groupId' },
          values: Object.fromEntries(groupIds.map((g, i) => [`:g${i}`, g])),
        }
      : undefined;
    const months = localMonthsOf(fromDay, toDay);
    const byMonth = await Promise.all(
      months.map(async (month) => ({ month, items: await this.partitionItems(keys.machineSalesStatsPk(merchantId, month), undefined, filter) })),
    );
    const machines = new Map<string, PosFigures>();
    for (const { month, items } of byMonth) {
      for (const { serial, posName, groupId, figures } of items.map((i) => statsMonthRecord.read(i))) {
        const entry = machines.get(serial) ?? { serial, posName, groupId, figures: emptyFigures() };
        for (let d = 1; d <= 31; d++) {
          const dd = String(d).padStart(2, '0');
          const day = `${month}-${dd}`;
          if (day >= fromDay && day <= toDay) addFigures(entry.figures, figuresOf(figures, dd));
        }
        machines.set(serial, entry);
      }
    }
    return [...machines.values()].filter((m) => STAT_CATEGORIES.some((c) => m.figures[c].count > 0));
  }
}

/**
 * The rows and totals of each report type, from what the report source read (pure: unit-tested on known counters).
 */
import type { REPORT_COLUMN_IDS, ReportColumn, ReportRow } from '#schemas/report';
import type { Transaction } from '#schemas/transaction';
import type { StoredAlarm } from '../alarms/model';
import { addDays } from '../shared/zoned-time';
import { addFigures, daysOf, emptyFigures, type Figures } from '../transactions/stats';
import { figuresIn, type ProductCounter } from './product-counters';
import type { MachineDays, ReportMachine } from './ports';

const col = (id: (typeof REPORT_COLUMN_IDS)[number], kind: ReportColumn['kind']): ReportColumn => ({ id, kind });

export const REPORT_COLUMNS = {
  products: [
    col('product', 'text'),
    col('productCode', 'text'),
    col('priceTable', 'text'),
    col('sold', 'count'),
    col('value', 'money'),
    col('free', 'count'),
    col('failed', 'count'),
  ],
  pos: [
    col('posName', 'text'),
    col('serial', 'text'),
    col('vends', 'count'),
    col('value', 'money'),
    col('cash', 'money'),
    col('cashless', 'money'),
    col('media', 'money'),
    col('free', 'count'),
    col('failed', 'count'),
    col('cashlessShare', 'share'),
    col('averageTicket', 'money'),
    col('daysWithoutSales', 'count'),
    col('recharges', 'count'),
  ],
  'alarms-downtime': [
    col('posName', 'text'),
    col('serial', 'text'),
    col('code', 'text'),
    col('raised', 'count'),
    col('repaired', 'count'),
    col('downtime', 'duration'),
    col('meanTimeToRepair', 'duration'),
    col('downShare', 'share'),
  ],
  transactions: [
    col('createdAt', 'instant'),
    col('posName', 'text'),
    col('serial', 'text'),
    col('type', 'text'),
    col('product', 'text'),
    col('productCode', 'text'),
    col('priceTable', 'text'),
    col('mediaType', 'text'),
    col('category', 'text'),
    col('value', 'money'),
  ],
} as const satisfies Record<string, ReportColumn[]>;

/** Totals of the numeric columns that add up (counts, money, durations); shares and averages are recomputed by each type. */
export function sumColumns(columns: readonly ReportColumn[], rows: readonly ReportRow[]): ReportRow {
  const totals: ReportRow = {};
  for (const c of columns) {
    if (c.kind === 'count' || c.kind === 'money' || c.kind === 'duration')
      totals[c.id] = rows.reduce((s, r) => s + (typeof r[c.id] === 'number' ? (r[c.id] as number) : 0), 0);
    else totals[c.id] = null;
  }
  return totals;
}

/** Products: per product and price table, summed over months, groups and shards; biggest value first. */
export function productRows(counters: readonly ProductCounter[], fromDay: string, toDay: string, only: { groupIds?: readonly string[]; productCode?: string }) {
  const rows = new Map<string, ReportRow & { sold: number; value: number; free: number; failed: number }>();
  for (const c of counters) {
    if (only.productCode && c.productCode !== only.productCode) continue;
    if (only.groupIds && (!c.groupId || !only.groupIds.includes(c.groupId))) continue;
    const f = figuresIn(c, fromDay, toDay);
    if (!f.sold && !f.free && !f.failed) continue;
    const id = `${c.productCode}\u0000${c.priceTable}`;
    const row = rows.get(id) ?? {
      product: c.product ?? c.productCode,
      productCode: c.productCode,
      priceTable: String(c.priceTable),
      sold: 0,
      value: 0,
      free: 0,
      failed: 0,
    };
    if (c.product) row.product = c.product;
    row.sold += f.sold;
    row.value += f.value;
    row.free += f.free;
    row.failed += f.failed;
    rows.set(id, row);
  }
  const out = [...rows.values()].sort(
    (a, b) => b.value - a.value || String(a.productCode).localeCompare(String(b.productCode)) || Number(a.priceTable) - Number(b.priceTable),
  );
  return { rows: out as ReportRow[], totals: sumColumns(REPORT_COLUMNS.products, out) };
}

const vendsOf = (f: Figures) => f.cash.count + f.cashless.count + f.media.count + f.bonus.count;
const vendValueOf = (f: Figures) => f.cash.value + f.cashless.value + f.media.value + f.bonus.value;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const average = (value: number, count: number) => (count > 0 ? Math.round(value / count) : null);

/**
 * Machines: every machine of the selection (a machine without sales too: its days without sales are the range's),
 * with its vends, values by category, cashless share of the vend value, average ticket, days without a vend,
 * recharges (refunds count among them: spec type 12).
 */
export function posRows(machines: readonly ReportMachine[], sold: readonly MachineDays[], fromDay: string, toDay: string) {
  const days = daysOf(fromDay, toDay);
  const byMachine = new Map(sold.map((m) => [m.serial, m]));
  const total = emptyFigures();
  const rows = [...machines]
    .sort((a, b) => a.name.localeCompare(b.name) || (a.serial < b.serial ? -1 : 1))
    .map((m) => {
      const f = emptyFigures();
      let idle = 0;
      for (const d of days) {
        const day = byMachine.get(m.serial)?.days.get(d);
        if (day) addFigures(f, day);
        if (!day || vendsOf(day) === 0) idle++;
      }
      addFigures(total, f);
      return {
        posName: m.name,
        serial: m.serial,
        vends: vendsOf(f),
        value: vendValueOf(f),
        cash: f.cash.value,
        cashless: f.cashless.value,
        media: f.media.value,
        free: f.free.count,
        failed: f.error.count,
        cashlessShare: share(f.cashless.value, vendValueOf(f)),
        averageTicket: average(vendValueOf(f), vendsOf(f)),
        daysWithoutSales: idle,
        recharges: f.recharges.count,
      };
    });
  const totals = sumColumns(REPORT_COLUMNS.pos, rows);
  totals.cashlessShare = share(total.cashless.value, vendValueOf(total));
  totals.averageTicket = average(vendValueOf(total), vendsOf(total));
  const hasData = rows.some((r) => r.vends || r.free || r.failed || r.recharges);
  return { rows: rows as ReportRow[], totals, hasData };
}

/**
 * Alarms downtime per machine and code: alarms raised in the range, those repaired, the time they were open within
 * the range (an alarm still open counts until the range's end or now), the mean time to repair of the repaired ones
 * (creation to repair, whole), and the share of the range the machine had that code open.
 */
export function downtimeRows(alarms: readonly StoredAlarm[], names: ReadonlyMap<string, string>, from: string, to: string, now: string) {
  const rangeMs = Date.parse(to) - Date.parse(from);
  const end = Math.min(Date.parse(to), Date.parse(now));
  const rows = new Map<string, { posName: string; serial: string; code: string; raised: number; repaired: number; downMs: number; repairMs: number }>();
  for (const a of alarms) {
    const id = `${a.serial}\u0000${a.code}`;
    const row = rows.get(id) ?? { posName: names.get(a.serial) ?? a.serial, serial: a.serial, code: a.code, raised: 0, repaired: 0, downMs: 0, repairMs: 0 };
    row.raised++;
    const closed = a.repairedAt ? Date.parse(a.repairedAt) : end;
    row.downMs += Math.max(0, Math.min(closed, end) - Math.max(Date.parse(a.createdAt), Date.parse(from)));
    if (a.repairedAt) {
      row.repaired++;
      row.repairMs += Date.parse(a.repairedAt) - Date.parse(a.createdAt);
    }
    rows.set(id, row);
  }
  const out = [...rows.values()]
    .sort((a, b) => b.downMs - a.downMs || a.posName.localeCompare(b.posName) || a.code.localeCompare(b.code))
    .map((r) => ({
      posName: r.posName,
      serial: r.serial,
      code: r.code,
      raised: r.raised,
      repaired: r.repaired,
      downtime: Math.round(r.downMs / 1000),
      meanTimeToRepair: r.repaired ? Math.round(r.repairMs / r.repaired / 1000) : null,
      downShare: rangeMs > 0 ? Math.min(1, r.downMs / rangeMs) : null,
    }));
  const totals = sumColumns(REPORT_COLUMNS['alarms-downtime'], out);
  const repaired = [...rows.values()].reduce((s, r) => s + r.repaired, 0);
  totals.meanTimeToRepair = repaired ? Math.round([...rows.values()].reduce((s, r) => s + r.repairMs, 0) / repaired / 1000) : null;
  return { rows: out as ReportRow[], totals };
}

/** A transaction as a row of the transactions report (the list's columns). */
export const transactionRow = (t: Transaction): ReportRow => ({
  createdAt: t.createdAt,
  posName: t.posName,
  serial: t.serial,
  type: String(t.type),
  product: t.product,
  productCode: t.productCode,
  priceTable: String(t.priceTable),
  mediaType: String(t.mediaType),
  category: t.category,
  value: t.value,
});

/** The transactions report's totals from the day counters: how many transactions and their value. */
export function transactionTotals(days: ReadonlyMap<string, Figures>): { count: number; totals: ReportRow } {
  const f = [...days.values()].reduce((sum, d) => addFigures(sum, d), emptyFigures());
  const all = Object.values(f);
  const count = all.reduce((s, c) => s + c.count, 0);
  const totals = sumColumns(REPORT_COLUMNS.transactions, []);
  totals.value = all.reduce((s, c) => s + c.value, 0);
  totals.createdAt = null;
  return { count, totals };
}

/** The local months `YYYY-MM` a range of local days touches. */
export function monthsOfDays(fromDay: string, toDay: string): string[] {
  const out: string[] = [];
  for (let d = `${fromDay.slice(0, 7)}-01`; d.slice(0, 7) <= toDay.slice(0, 7); d = addDays(`${d.slice(0, 7)}-28`, 5).slice(0, 7) + '-01')
    out.push(d.slice(0, 7));
  return out;
}

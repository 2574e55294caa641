/**
 * The stock rules, pure: what a sale, an audit, a refill, an edit and a planogram change do to a machine's stock,
 * and what the screens read from it (status, fill, days to sell out).
 *
 * A machine with a planogram and stock management on has one stock record. It holds, per planogram line, the
 * line's definition (copied from the planogram), its value, its sales per UTC day of the last SALES_RATE_DAYS
 * days (the sales rate, so a pick list reads nothing else) and what reconciliation with audits needs; and the ids
 * of the messages it applied last, so that a redelivered sale or audit changes nothing.
 */
import { SALES_RATE_DAYS, STOCK_STATUS, type StockStatusCode, type StockTypeCode } from '#schemas/stock-constants';
import { StockLineNotFoundException, StockValueAboveCapacityException } from './errors';

export interface StockLineState {
  selection: string;
  productId: string;
  capacity: number;
  warningLevel: number;
  refillValue: number;
  value: number;
  lastRefillAt: string | null;
  updatedAt: string;
  /** Units sold per UTC day (`YYYY-MM-DD`), the last SALES_RATE_DAYS days only. */
  sold: Record<string, number>;
  /** The line's PA2 + PA4 vend count since initialisation at its last audit (`auditAt`); null before the first. */
  auditVends: number | null;
  auditAt: string | null;
  /** Times (epoch ms) of the sales reported after `auditAt`, at most MAX_REPORTED_SALES: what the next audit compares. */
  reported: number[];
  /** The span of sale times audits took off already: a sale of that span arriving late takes nothing more. */
  reconciled: { from: string; through: string } | null;
}

/** What the stock record copies from its machine, for the manage-stock list and the pick list. */
export interface StockPos {
  merchantId: string;
  serial: string;
  name: string;
  groupId: string | null;
  clientId: string | null;
  planogramId: string;
}

export interface StockRecord extends StockPos {
  planogramType: 'A' | 'B';
  lines: StockLineState[];
  lastRefillAt: string | null;
  /** The first day sales were counted (moved back by older sales): the rate's divisor until SALES_RATE_DAYS days have passed. */
  trackedSince: string;
  updatedAt: string;
  /** Ids of the last MAX_APPLIED_MESSAGES messages that changed this record (sales and audits). */
  applied: string[];
  /** Bumped by every write; each write is conditioned on the one read. */
  version: number;
}

export interface PlanogramLineDefinition {
  selection: string;
  productId: string;
  capacity: number;
  warningLevel: number;
  refillValue: number;
}

/** A sold transaction as stock reads it (schemas/iot.ts SaleTransaction). */
export interface SoldItem {
  type: number;
  line: number;
  productCode: string;
  createdAt: string;
  errorSale?: boolean;
}

/** The audit figures reconciliation reads: per PA101 selection, the paid and free vends since initialisation. */
export interface AuditVends {
  product: string;
  paid: number | null;
  free: number | null;
}

/** Enough to tell a redelivery from a new message: ingestion's MSG records hold the rest for a day. */
export const MAX_APPLIED_MESSAGES = 100;
/** Sales between two audits a line remembers (the oldest are forgotten: a line rarely sells that much in hours). */
export const MAX_REPORTED_SALES = 300;
/** Audit origin 4: remote plus refill (spec §4). */
export const AUDIT_ORIGIN_REFILL = 4;
/** Transaction types that take a product out (spec §3: online, cash, media and cloud sales). */
const SOLD_TYPES = new Set([1, 2, 3, 8, 9, 10, 11, 13]);

const DAY_MS = 86_400_000;
export const dayOf = (iso: string) => iso.slice(0, 10);
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

export const stockTypeOf = (planogramType: 'A' | 'B'): StockTypeCode => (planogramType === 'A' ? 1 : 2);

export function lineStatus(l: Pick<StockLineState, 'value' | 'warningLevel'>): StockStatusCode {
  if (l.value <= 0) return STOCK_STATUS.out;
  return l.value <= l.warningLevel ? STOCK_STATUS.low : STOCK_STATUS.inStock;
}

/** Selection codes compare without case and leading zeros ("01" is "1", "c1" is "C1"). */
const selectionKey = (s: string) =>
  s
    .trim()
    .toUpperCase()
    .replace(/^0+(?=\d)/, '');

/**
 * The line a sale took from: the one whose selection is the transaction's line number, else the one whose
 * selection is its product code (machines whose selections carry letters, e.g. "C1", report them there).
 */
export function lineIndexOfSale(lines: readonly StockLineState[], t: Pick<SoldItem, 'line' | 'productCode'>): number {
  const byLine = lines.findIndex((l) => selectionKey(l.selection) === selectionKey(String(t.line)));
  return byLine >= 0 ? byLine : lines.findIndex((l) => selectionKey(l.selection) === selectionKey(t.productCode));
}

const withinWindow = (sold: Record<string, number>, today: string): Record<string, number> => {
  const first = dayNumber(today) - SALES_RATE_DAYS + 1;
  return Object.fromEntries(Object.entries(sold).filter(([d]) => dayNumber(d) >= first));
};

const remember = (applied: readonly string[], messageId: string) => [...applied, messageId].slice(-MAX_APPLIED_MESSAGES);

/**
 * The record for a machine and its planogram, keeping what the current record knows of lines that stay (same
 * selection and product): their value (lowered to a smaller capacity), refill date, sales and audit counters.
 * A new line, or a line whose product changed, starts at 0: nothing of that product is counted in the machine
 * until a refill (or an edit) puts it there.
 */
export function reconcile(
  current: StockRecord | undefined,
  machine: StockPos,
  planogram: { planogramType: 'A' | 'B'; lines: readonly PlanogramLineDefinition[] },
  now: string,
): StockRecord {
  const lines = planogram.lines.map((pl): StockLineState => {
    const old = current?.lines.find((l) => selectionKey(l.selection) === selectionKey(pl.selection) && l.productId === pl.productId);
    const def = { selection: pl.selection, productId: pl.productId, capacity: pl.capacity, warningLevel: pl.warningLevel, refillValue: pl.refillValue };
    if (!old) return { ...def, value: 0, lastRefillAt: null, updatedAt: now, sold: {}, auditVends: null, auditAt: null, reported: [], reconciled: null };
    const value = Math.min(old.value, pl.capacity);
    return { ...old, ...def, value, updatedAt: value === old.value ? old.updatedAt : now };
  });
  return {
    ...machine,
    planogramType: planogram.planogramType,
    lines,
    lastRefillAt: current?.lastRefillAt ?? null,
    trackedSince: current?.trackedSince ?? dayOf(now),
    updatedAt: now,
    applied: current?.applied ?? [],
    version: current?.version ?? 0,
  };
}

/** Whether two records hold the same stock and copies (a reconcile that changes nothing is not written). */
export function sameStock(a: StockRecord, b: StockRecord): boolean {
  const strip = ({ updatedAt: _u, version: _v, ...rest }: StockRecord) => ({ ...rest, lines: rest.lines.map(({ updatedAt: _lu, ...l }) => l) });
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/**
 * Sales messages applied to the stock: each sold transaction takes one from its line (never below 0) and counts
 * on its day. A message applied before, and transactions of no line of the planogram, change nothing. A sale
 * older than its line's last refill, or inside the span an audit already took off, counts but takes nothing (it
 * arrived after them). Undefined when nothing changed (nothing to write).
 */
export function applySales(
  record: StockRecord,
  messages: ReadonlyArray<{ messageId: string; transactions: readonly SoldItem[] }>,
  now: string,
): StockRecord | undefined {
  const lines = record.lines.map((l) => ({ ...l, sold: { ...l.sold }, reported: [...l.reported] }));
  let applied = record.applied;
  let trackedSince = record.trackedSince;
  const today = dayOf(now);
  for (const m of messages) {
    if (applied.includes(m.messageId)) continue;
    let changed = false;
    for (const t of m.transactions) {
      if (!SOLD_TYPES.has(t.type) || t.errorSale) continue;
      const i = lineIndexOfSale(lines, t);
      if (i < 0) continue;
      const l = lines[i]!;
      const at = Date.parse(t.createdAt);
      const takenOff =
        (l.lastRefillAt !== null && at <= Date.parse(l.lastRefillAt)) ||
        (l.reconciled !== null && at > Date.parse(l.reconciled.from) && at <= Date.parse(l.reconciled.through));
      if (!takenOff) l.value = Math.max(0, l.value - 1);
      if (l.auditAt === null || at > Date.parse(l.auditAt)) l.reported = [...l.reported, at].slice(-MAX_REPORTED_SALES);
      const day = dayOf(t.createdAt) > today ? today : dayOf(t.createdAt);
      l.sold[day] = (l.sold[day] ?? 0) + 1;
      if (day < trackedSince) trackedSince = day;
      l.updatedAt = now;
      changed = true;
    }
    if (changed) applied = remember(applied, m.messageId);
  }
  if (applied === record.applied) return undefined;
  return { ...record, lines: lines.map((l) => ({ ...l, sold: withinWindow(l.sold, today) })), applied, trackedSince, updatedAt: now };
}

/** Every line to its refill value at `at`, less the sales after `at` already applied (an audit's refill may arrive late). */
export function fullRefill(record: StockRecord, at: string): StockRecord {
  const after = (l: StockLineState) => l.reported.filter((t) => t > Date.parse(at)).length;
  return {
    ...record,
    lines: record.lines.map((l) => ({ ...l, value: Math.max(0, l.refillValue - after(l)), lastRefillAt: at, updatedAt: at })),
    lastRefillAt: at,
    updatedAt: at,
  };
}

/** Set some lines' values; lines not in the planogram → 404, values above capacity → 400, both naming the body's lines. */
export function setValues(record: StockRecord, edits: ReadonlyArray<{ selection: string; value: number }>, at: string): StockRecord {
  const index = edits.map((e) => record.lines.findIndex((l) => selectionKey(l.selection) === selectionKey(e.selection)));
  const unknown = index.flatMap((i, n) => (i < 0 ? [n] : []));
  if (unknown.length) throw new StockLineNotFoundException(unknown);
  const above = edits.flatMap((e, n) => (e.value > record.lines[index[n]!]!.capacity ? [{ index: n, capacity: record.lines[index[n]!]!.capacity }] : []));
  if (above.length) throw new StockValueAboveCapacityException(above);
  const lines = record.lines.map((l) => ({ ...l }));
  edits.forEach((e, n) => {
    const l = lines[index[n]!]!;
    l.value = e.value;
    l.updatedAt = at;
  });
  return { ...record, lines, updatedAt: at };
}

/**
 * An audit applied to the stock. Reconciliation: per line whose selection the audit names (PA101), the vends it
 * counted since the line's previous audit (PA2 paid + PA4 free, the "since initialisation" counters, so a reset
 * of the interim counters does not matter) are compared with the sales reported between the two reads; vends the
 * sales never reported (lost messages, a machine that reports no sales) are taken off too, never below 0, and a
 * sale of that span arriving later takes nothing more. More sales than vends take nothing back. The first audit, one
 * whose counter went down (a new board) and one after a refill only set the baseline; an audit older than the
 * line's last changes nothing. Then origin 4 (remote plus refill) refills every line at the audit's read time.
 * Undefined when the audit was applied before.
 */
export function applyAudit(
  record: StockRecord,
  audit: { messageId: string; readAt: string; origin: number; vends: readonly AuditVends[] },
  now: string,
): StockRecord | undefined {
  if (record.applied.includes(audit.messageId)) return undefined;
  const readAt = Date.parse(audit.readAt);
  const lines = record.lines.map((l): StockLineState => {
    const a = audit.vends.find((v) => selectionKey(v.product) === selectionKey(l.selection));
    if (!a || (a.paid === null && a.free === null) || (l.auditAt !== null && readAt <= Date.parse(l.auditAt))) return l;
    const vends = (a.paid ?? 0) + (a.free ?? 0);
    const next = { ...l, auditVends: vends, auditAt: audit.readAt, reported: l.reported.filter((t) => t > readAt) };
    const refilledSince = l.lastRefillAt !== null && l.auditAt !== null && Date.parse(l.lastRefillAt) > Date.parse(l.auditAt);
    if (l.auditVends === null || l.auditAt === null || vends < l.auditVends || refilledSince) return next;
    const missing = vends - l.auditVends - l.reported.filter((t) => t <= readAt).length;
    const value = missing > 0 ? Math.max(0, l.value - missing) : l.value;
    return { ...next, value, updatedAt: value === l.value ? l.updatedAt : now, reconciled: { from: l.reconciled?.from ?? l.auditAt, through: audit.readAt } };
  });
  const reconciled: StockRecord = { ...record, lines, applied: remember(record.applied, audit.messageId), updatedAt: now };
  return audit.origin === AUDIT_ORIGIN_REFILL ? fullRefill(reconciled, audit.readAt) : reconciled;
}

// ------------------------------------------------------------------ what the screens read

export const soldInWindow = (l: Pick<StockLineState, 'sold'>, today: string) => Object.values(withinWindow(l.sold, today)).reduce((a, b) => a + b, 0);

/** Days the rate divides by: since tracking started, at most SALES_RATE_DAYS. */
export const rateDays = (trackedSince: string, today: string) => Math.max(1, Math.min(SALES_RATE_DAYS, dayNumber(today) - dayNumber(trackedSince) + 1));

/** Whole days until the line runs out at its sales rate: 0 when out, null when it did not sell. */
export function lineDaysToSellOut(l: Pick<StockLineState, 'value' | 'sold'>, days: number, today: string): number | null {
  if (l.value <= 0) return 0;
  const sold = soldInWindow(l, today);
  return sold === 0 ? null : Math.floor((l.value * days) / sold);
}

export interface StockSummary {
  fillPercent: number;
  linesOut: number;
  linesLow: number;
  status: StockStatusCode;
  daysToSellOut: number | null;
}

export function summarize(record: Pick<StockRecord, 'lines' | 'trackedSince'>, today: string): StockSummary {
  const capacity = record.lines.reduce((a, l) => a + l.capacity, 0);
  const value = record.lines.reduce((a, l) => a + l.value, 0);
  const statuses = record.lines.map(lineStatus);
  const linesOut = statuses.filter((s) => s === STOCK_STATUS.out).length;
  const linesLow = statuses.filter((s) => s === STOCK_STATUS.low).length;
  const days = rateDays(record.trackedSince, today);
  const lineDays = record.lines.map((l) => lineDaysToSellOut(l, days, today)).filter((d): d is number => d !== null);
  return {
    fillPercent: capacity === 0 ? 0 : Math.floor((value * 100) / capacity),
    linesOut,
    linesLow,
    status: linesOut ? STOCK_STATUS.out : linesLow ? STOCK_STATUS.low : STOCK_STATUS.inStock,
    daysToSellOut: lineDays.length ? Math.min(...lineDays) : null,
  };
}

/** What a pick list brings to one line: its refill value minus what is there, never below 0. */
export const quantityToBring = (l: Pick<StockLineState, 'value' | 'refillValue'>) => Math.max(0, l.refillValue - l.value);

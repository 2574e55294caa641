/** Pure rules of a machine's prices: comparing price sets, and what an acknowledgement or an audit makes of them. */
import { DEVICE_AUTHOR } from '#schemas/prices-constants';
import type { Price, StoredPrices } from './ports';

const keyOf = (line: string, priceTable: number) => `${line.toUpperCase()}*${priceTable}`;

/** In line order (numbers by value: 2 before 10), then table. */
export function sortPrices(prices: readonly Price[]): Price[] {
  return [...prices].sort((a, b) => a.line.localeCompare(b.line, 'en', { numeric: true, sensitivity: 'base' }) || a.priceTable - b.priceTable);
}

export function samePrices(a: readonly Price[], b: readonly Price[]): boolean {
  if (a.length !== b.length) return false;
  const values = new Map(a.map((p) => [keyOf(p.line, p.priceTable), p.value]));
  return b.every((p) => values.get(keyOf(p.line, p.priceTable)) === p.value);
}

/**
 * The prices as the planogram spells its lines (selections match case-insensitively); the indexes of entries
 * naming no line of the planogram are returned apart.
 */
export function onPlanogramLines(prices: readonly Price[], selections: readonly string[]): { prices: Price[]; unknown: number[] } {
  const bySpelling = new Map(selections.map((s) => [s.toUpperCase(), s]));
  const unknown: number[] = [];
  const kept: Price[] = [];
  prices.forEach((p, i) => {
    const line = bySpelling.get(p.line.toUpperCase());
    if (line === undefined) unknown.push(i);
    else kept.push({ line, priceTable: p.priceTable, value: p.value });
  });
  return { prices: sortPrices(kept), unknown };
}

/** Of `prices`, those of lines in `lines` (case-insensitively). */
export function ofLines(prices: readonly Price[], lines: ReadonlySet<string>): Price[] {
  return prices.filter((p) => lines.has(p.line.toUpperCase()));
}

/** A price-list record of an audit (EVA-DTS LA1: price list = price table, product = selection). */
export interface PriceListRecord {
  priceList: number;
  product: string;
  price: number | null;
}

/** The machine's prices an audit reports: LA1 records of tables 1–8 with a price. */
export function pricesOfAudit(records: readonly PriceListRecord[]): Price[] {
  const out = new Map<string, Price>();
  for (const r of records) {
    if (r.price === null || !Number.isInteger(r.price) || r.price < 0 || r.priceList < 1 || r.priceList > 8) continue;
    out.set(keyOf(r.product, r.priceList), { line: r.product, priceTable: r.priceList, value: r.price });
  }
  return sortPrices([...out.values()]);
}

/** The machine runs `prices` (a send it acknowledged, or an audit showing them): they are synced, the current ones sync if equal. */
function synced(s: StoredPrices, prices: Price[], at: string, by: string, origin = s.syncedOrigin): StoredPrices {
  return { ...s, synced: prices, syncedOrigin: origin, lastSyncAt: at, lastSyncBy: by, status: samePrices(s.prices, prices) ? 'sync' : 'pending' };
}

/**
 * The machine acknowledged remote command `commandId` with success (IMMEDIATE) — or, `applied` false, ended it
 * otherwise: the send is over and nothing is synced. Undefined when the command is not the prices' send in flight.
 */
export function afterAcknowledgement(s: StoredPrices, commandId: string, applied: boolean, at: string): StoredPrices | undefined {
  if (s.sending?.commandId !== commandId) return undefined;
  const done = { ...s, sending: null };
  return applied ? synced(done, s.sending.prices, at, s.sending.sentBy, s.origin) : done;
}

/**
 * What an audit read at `readAt` with the machine's prices `reported` (restricted to the lines the cloud knows)
 * makes of the stored prices:
 * - the send in flight → synced (AFTER_AUDIT's confirmation; IMMEDIATE's too when the ack was lost);
 * - the current prices while pending → sync;
 * - the last synced prices → nothing (a send or a save not applied yet);
 * - anything else → the machine's prices were changed on the machine: they become the current and synced
 *   prices, a new version (origin device, "modified in device"); `newVersion` says so.
 * Undefined when nothing changes (also for an audit read before the last sync: it arrived late).
 */
export function afterAudit(s: StoredPrices, reported: Price[], readAt: string): { next: StoredPrices; newVersion: boolean } | undefined {
  if (s.lastSyncAt && readAt <= s.lastSyncAt) return undefined;
  if (s.sending && samePrices(s.sending.prices, reported))
    return { next: synced({ ...s, sending: null }, reported, readAt, s.sending.sentBy, s.origin), newVersion: false };
  if (samePrices(s.prices, reported))
    return s.status === 'pending' ? { next: synced(s, reported, readAt, s.updatedBy, s.origin), newVersion: false } : undefined;
  if (s.synced && samePrices(s.synced, reported)) return undefined;
  return {
    next: {
      ...s,
      version: s.version + 1,
      prices: reported,
      origin: 'device',
      status: 'sync',
      updatedAt: readAt,
      updatedBy: DEVICE_AUTHOR,
      synced: reported,
      syncedOrigin: 'device',
      lastSyncAt: readAt,
      lastSyncBy: DEVICE_AUTHOR,
      sending: null,
    },
    newVersion: true,
  };
}

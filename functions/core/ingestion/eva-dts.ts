/**
 * The cash figures of an EVA-DTS audit (6.1.2): one segment a line (CR LF), elements split by `*`, the
 * segment tag first. Counters come "since initialisation" and "since last reset"; both are kept. Money
 * is in the audit's minor units (ID4 decimals). Unknown segments are skipped; a known one with a
 * non-numeric counter is counted in `unreadLines` and left out, so one bad line does not lose the audit.
 */
import type { AuditCash } from '../../../schemas/pos-history';

/** ISO 4217 numeric codes of the spec's currencies (ID402 is numeric; some controllers send ID403 letters). */
const CURRENCY_BY_NUMBER: Record<string, string> = {
  '170': 'COP', '203': 'CZK', '978': 'EUR', '826': 'GBP', '634': 'QAR', '946': 'RON', '941': 'RSD', '710': 'ZAR',
  '484': 'MXN', '858': 'UYU', '152': 'CLP', '986': 'BRL', '604': 'PEN', '600': 'PYG', '840': 'USD',
};

const SEGMENT_TAG = /^[A-Z]{1,3}\d{0,2}$/;

class UnreadLine extends Error {}

/** Elements 1… of a line as counters: empty = absent (null); anything but digits makes the line unread. */
function counters(elements: readonly string[], count: number): Array<number | null> {
  return Array.from({ length: count }, (_, i) => {
    const e = (elements[i] ?? '').trim();
    if (e === '') return null;
    if (!/^\d{1,15}$/.test(e)) throw new UnreadLine();
    return Number(e);
  });
}

/** A group of counters is absent when all of its elements are; otherwise the missing ones read 0. */
function group<K extends string>(values: ReadonlyArray<number | null>, names: readonly K[]): Record<K, number> | null {
  if (values.every((v) => v === null)) return null;
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? 0])) as Record<K, number>;
}

const single = (v: number | null | undefined) => v ?? null;

function machineTime(date: string | undefined, time: string | undefined): string | null {
  const d = (date ?? '').trim();
  if (!/^\d{8}$/.test(d) && !/^\d{6}$/.test(d)) throw new UnreadLine();
  const full = d.length === 6 ? `20${d}` : d;
  const t = (time ?? '').trim().padEnd(6, '0');
  if (!/^\d{6}$/.test(t)) throw new UnreadLine();
  return `${full.slice(0, 4)}-${full.slice(4, 6)}-${full.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}`;
}

function emptyCash(): AuditCash {
  const twice = () => ({ sinceInit: null, sinceReset: null });
  return {
    machineSerial: null,
    currency: null,
    decimals: null,
    machineTime: null,
    cashSales: twice(),
    paidVends: twice(),
    freeVends: twice(),
    cashIn: twice(),
    dispensed: twice(),
    overpay: twice(),
    manualFill: twice(),
    tubeContents: null,
    tubes: [],
    unreadLines: 0,
  };
}

/** Value and count since initialisation (elements 1–2), then since the last reset (3–4): CA2, VA1, VA3. */
function initThenReset(elements: readonly string[]) {
  const [v1, c1, v2, c2] = counters(elements, 4);
  return { sinceInit: group([v1!, c1!], ['value', 'count']), sinceReset: group([v2!, c2!], ['value', 'count']) };
}

function applyLine(cash: AuditCash, tag: string, e: readonly string[]): void {
  switch (tag) {
    case 'ID1':
      cash.machineSerial = e[0]?.trim() || null;
      return;
    case 'ID4': {
      const [decimals] = counters(e, 1);
      const numeric = (e[1] ?? '').trim();
      const letters = (e[2] ?? '').trim().toUpperCase();
      cash.decimals = single(decimals);
      cash.currency = /^[A-Z]{3}$/.test(letters) ? letters : (CURRENCY_BY_NUMBER[numeric] ?? (numeric || null));
      return;
    }
    case 'ID5':
      cash.machineTime = machineTime(e[0], e[1]);
      return;
    case 'CA2':
      cash.cashSales = initThenReset(e);
      return;
    case 'VA1':
      cash.paidVends = initThenReset(e);
      return;
    case 'VA3':
      cash.freeVends = initThenReset(e);
      return;
    // The CA3/CA4/CA8/CA10 counters come since the last reset first, then since initialisation.
    case 'CA3': {
      const v = counters(e, 8);
      const names = ['total', 'toBox', 'toTubes', 'bills'] as const;
      cash.cashIn = { sinceReset: group(v.slice(0, 4), names), sinceInit: group(v.slice(4, 8), names) };
      return;
    }
    case 'CA4': {
      const v = counters(e, 4);
      cash.dispensed = { sinceReset: group(v.slice(0, 2), ['value', 'manual']), sinceInit: group(v.slice(2, 4), ['value', 'manual']) };
      return;
    }
    case 'CA8': {
      const [reset, init] = counters(e, 2);
      cash.overpay = { sinceReset: single(reset), sinceInit: single(init) };
      return;
    }
    case 'CA10': {
      const [reset, init] = counters(e, 2);
      cash.manualFill = { sinceReset: single(reset), sinceInit: single(init) };
      return;
    }
    case 'CA15': {
      const [value] = counters(e, 1);
      cash.tubeContents = single(value);
      return;
    }
    case 'CA17': {
      const [coinType, value, count] = counters(e, 3);
      if (coinType == null || value == null) throw new UnreadLine();
      cash.tubes = [...cash.tubes.filter((t) => t.coinType !== coinType), { coinType, value, count: count ?? 0 }];
      return;
    }
  }
}

/** The cash view of one audit's EVA-DTS text. */
export function parseEvaDts(dex: string): AuditCash {
  const cash = emptyCash();
  let sawCa15 = false;
  for (const raw of dex.split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '') continue;
    const [tag = '', ...elements] = line.split('*');
    if (!SEGMENT_TAG.test(tag)) {
      cash.unreadLines++;
      continue;
    }
    try {
      applyLine(cash, tag, elements);
      if (tag === 'CA15') sawCa15 = true;
    } catch (error) {
      if (!(error instanceof UnreadLine)) throw error;
      cash.unreadLines++;
    }
  }
  cash.tubes.sort((a, b) => a.coinType - b.coinType);
  if (!sawCa15 && cash.tubes.length > 0) cash.tubeContents = cash.tubes.reduce((sum, t) => sum + t.value * t.count, 0);
  return cash;
}

/**
 * Reads an EVA-DTS audit (6.2): one segment a line (CR LF), elements split by `*`, the segment tag first.
 * Counters come "since initialisation" and "since last reset"; both are kept. Money is in the audit's minor
 * units (ID4 decimals). An empty element is unknown (null), never 0. Unknown segments are skipped; a known one
 * with a non-numeric counter is counted in `unreadLines` and left out, so one bad line does not lose the audit.
 */
import type { AuditCash, AuditEvaDts } from '#schemas/pos-history';
import { checkIntegrity } from './eva-dts-integrity';

/** ISO 4217 numeric codes of the spec's currencies. */
const CURRENCY_BY_ISO_NUMBER: Record<string, string> = {
  '170': 'COP',
  '203': 'CZK',
  '978': 'EUR',
  '826': 'GBP',
  '634': 'QAR',
  '946': 'RON',
  '941': 'RSD',
  '710': 'ZAR',
  '484': 'MXN',
  '858': 'UYU',
  '152': 'CLP',
  '986': 'BRL',
  '604': 'PEN',
  '600': 'PYG',
  '840': 'USD',
};

/** International telephone codes (ID402 with a leading 0) of the countries using the spec's currencies. */
const CURRENCY_BY_PHONE_CODE: Record<string, string> = {
  '1': 'USD',
  '27': 'ZAR',
  '40': 'RON',
  '44': 'GBP',
  '51': 'PEN',
  '52': 'MXN',
  '55': 'BRL',
  '56': 'CLP',
  '57': 'COP',
  '381': 'RSD',
  '420': 'CZK',
  '595': 'PYG',
  '598': 'UYU',
  '974': 'QAR',
  ...Object.fromEntries(
    ['30', '31', '32', '33', '34', '39', '43', '49', '351', '352', '353', '356', '357', '358', '371', '372', '385', '386', '421'].map((c) => [c, 'EUR']),
  ),
};

const SEGMENT_TAG = /^[A-Z]{1,3}\d{0,2}$/;

class UnreadLine extends Error {}

/** Elements 1… of a line as counters: empty = unknown (null); anything but digits makes the line unread. */
function counters(elements: readonly string[], count: number, from = 0): Array<number | null> {
  return Array.from({ length: count }, (_, i) => {
    const e = (elements[from + i] ?? '').trim();
    if (e === '') return null;
    if (!/^\d{1,15}$/.test(e)) unread();
    return Number(e);
  });
}

function unread(): never {
  throw new UnreadLine();
}
const text = (e: string | undefined) => e?.trim() || null;
const required = (e: string | undefined) => text(e) ?? unread();

/** A group of counters is null when none of its elements was sent. */
function group<K extends string>(values: ReadonlyArray<number | null | undefined>, names: readonly K[]): Record<K, number | null> | null {
  if (values.every((v) => v == null)) return null;
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? null])) as Record<K, number | null>;
}

/** A local date (YYMMDD or YYYYMMDD) and time (HHMM or HHMMSS) as `YYYY-MM-DDTHH:MM:SS`; null when both are empty. */
function localTime(date: string | undefined, time: string | undefined): string | null {
  const d = (date ?? '').trim();
  if (d === '' && (time ?? '').trim() === '') return null;
  if (!/^\d{8}$/.test(d) && !/^\d{6}$/.test(d)) unread();
  const full = d.length === 6 ? `20${d}` : d;
  const t = (time ?? '').trim().padEnd(6, '0');
  if (!/^\d{6}$/.test(t)) unread();
  return `${full.slice(0, 4)}-${full.slice(4, 6)}-${full.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}`;
}

/**
 * ID402: 4 digits, a leading 1 then an ISO 4217 numeric code (1978 = EUR), a leading 0 then a telephone code
 * (0001 = USA); field files also send 3 digits (`978` ISO, `039` telephone). Unknown codes are kept as sent.
 */
export function currencyOf(numeric: string, letters: string): string | null {
  if (/^[A-Z]{3}$/.test(letters)) return letters;
  // Field files with ID402 0 (or empty) carry the numeric code in ID403 instead (`ID4*2*0*1978`, `ID4*2*0*978`).
  if (/^0*$/.test(numeric) && /^\d{3,4}$/.test(letters)) return currencyOf(letters, '');
  if (numeric === '') return null;
  const byPhone = (code: string) => CURRENCY_BY_PHONE_CODE[String(Number(code))];
  if (/^1\d{3}$/.test(numeric)) return CURRENCY_BY_ISO_NUMBER[numeric.slice(1)] ?? numeric;
  if (/^0\d{3}$/.test(numeric)) return byPhone(numeric) ?? numeric;
  if (/^\d{3}$/.test(numeric)) return CURRENCY_BY_ISO_NUMBER[numeric] ?? (numeric.startsWith('0') ? byPhone(numeric) : undefined) ?? numeric;
  return numeric;
}

const twice = <T>() => ({ sinceInit: null as T | null, sinceReset: null as T | null });

function emptyCash(): AuditCash {
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

type Details = Omit<AuditEvaDts, 'integrity' | 'crcByteReversed' | 'detailsOmitted'>;
type Cashless = NonNullable<AuditEvaDts['cashless1']>;

function emptyDetails(): Details {
  return {
    products: [],
    productSales: [],
    priceLists: [],
    cashless1: null,
    cashless2: null,
    eventLog: [],
    eventCounts: [],
    reads: null,
    powerOutages: twice(),
  };
}

/** Value and count since initialisation (elements 1–2), then since the last reset (3–4): CA2, VA1, VA3, DA2. */
function valueCountInitThenReset(e: readonly string[]) {
  const [v1, c1, v2, c2] = counters(e, 4);
  return { sinceInit: group([v1, c1], ['value', 'count']), sinceReset: group([v2, c2], ['value', 'count']) };
}

/** Count and value since initialisation (1–2, or from `from`), then since the last reset: PA2, PA4, PA7. */
function countValueInitThenReset(e: readonly string[], from = 0) {
  const [c1, v1, c2, v2] = counters(e, 4, from);
  return { sinceInit: group([c1, v1], ['count', 'value']), sinceReset: group([c2, v2], ['count', 'value']) };
}

interface Reading {
  cash: AuditCash;
  details: Details;
  /** ID5 was sent: EA3's read time then does not replace it. */
  sawId5: boolean;
  sawCa15: boolean;
}

function cashlessOf(r: Reading, tag: 'DA' | 'DB'): Cashless {
  const key = tag === 'DA' ? 'cashless1' : 'cashless2';
  r.details[key] ??= { serial: null, model: null, sales: twice(), revalue: twice() };
  return r.details[key];
}

function lastProduct(r: Reading) {
  return r.details.products.at(-1) ?? unread();
}

/**
 * The bills in of CA3, in minor units. CA309/CA310 are the bills when sent. Without them, CA304/CA308 are the older
 * form, in whole currency units (the note value divided by 100 for a two-decimal currency); the totals say what they
 * must be (CA301 = CA302 + CA303 + bills), so when the two disagree the totals win. Unknown (null) when neither the
 * bills element nor the totals were sent.
 */
export function billsIn(
  bills: number | null | undefined,
  older: number | null | undefined,
  total: number | null | undefined,
  toBox: number | null | undefined,
  toTubes: number | null | undefined,
  scale: number,
): number | null {
  if (bills != null) return bills;
  if (older == null) return null;
  const fromTotals = total != null && toBox != null && toTubes != null ? total - toBox - toTubes : null;
  if (fromTotals != null && fromTotals >= 0) return fromTotals;
  return older * scale;
}

function applyCashLine(r: Reading, tag: string, e: readonly string[]): boolean {
  const { cash } = r;
  switch (tag) {
    case 'ID1':
      cash.machineSerial = text(e[0]);
      return true;
    case 'ID4': {
      const [decimals] = counters(e, 1);
      cash.decimals = decimals ?? null;
      cash.currency = currencyOf((e[1] ?? '').trim(), (e[2] ?? '').trim().toUpperCase());
      return true;
    }
    case 'ID5':
      cash.machineTime = localTime(e[0], e[1]);
      r.sawId5 = true;
      return true;
    case 'CA2':
      cash.cashSales = valueCountInitThenReset(e);
      return true;
    case 'VA1':
      cash.paidVends = valueCountInitThenReset(e);
      return true;
    case 'VA3':
      cash.freeVends = valueCountInitThenReset(e);
      return true;
    // The CA3/CA4/CA8/CA10 counters come since the last reset first, then since initialisation.
    case 'CA3': {
      const v = counters(e, 10);
      const names = ['total', 'toBox', 'toTubes', 'bills'] as const;
      const scale = 10 ** (cash.decimals ?? 2);
      cash.cashIn = {
        sinceReset: group([v[0], v[1], v[2], billsIn(v[8], v[3], v[0], v[1], v[2], scale)], names),
        sinceInit: group([v[4], v[5], v[6], billsIn(v[9], v[7], v[4], v[5], v[6], scale)], names),
      };
      return true;
    }
    case 'CA4': {
      const v = counters(e, 4);
      cash.dispensed = { sinceReset: group(v.slice(0, 2), ['value', 'manual']), sinceInit: group(v.slice(2, 4), ['value', 'manual']) };
      return true;
    }
    case 'CA8': {
      const [reset, init] = counters(e, 2);
      cash.overpay = { sinceReset: reset ?? null, sinceInit: init ?? null };
      return true;
    }
    case 'CA10': {
      const [reset, init] = counters(e, 2);
      cash.manualFill = { sinceReset: reset ?? null, sinceInit: init ?? null };
      return true;
    }
    case 'CA15': {
      const [value] = counters(e, 1);
      cash.tubeContents = value ?? null;
      r.sawCa15 = true;
      return true;
    }
    case 'CA17': {
      const [coinType, value, count] = counters(e, 3);
      if (coinType == null || value == null) unread();
      cash.tubes = [...cash.tubes.filter((t) => t.coinType !== coinType), { coinType, value, count: count ?? null }];
      return true;
    }
  }
  return false;
}

function applyDetailLine(r: Reading, tag: string, e: readonly string[]): void {
  const d = r.details;
  switch (tag) {
    case 'PA1': {
      const [price] = counters(e, 1, 1);
      const [level, minLevel] = counters(e, 2, 7);
      d.products.push({
        product: required(e[0]),
        price: price ?? null,
        productId: text(e[2]),
        status: text(e[6]),
        level: level ?? null,
        minLevel: minLevel ?? null,
        paid: twice(),
        free: twice(),
      });
      return;
    }
    case 'PA2':
      lastProduct(r).paid = countValueInitThenReset(e);
      return;
    case 'PA4':
      lastProduct(r).free = countValueInitThenReset(e);
      return;
    case 'PA7': {
      const [priceList, price] = counters(e, 2, 2);
      d.productSales.push({
        product: required(e[0]),
        device: required(e[1]),
        priceList: priceList ?? null,
        price: price ?? null,
        sales: countValueInitThenReset(e, 4),
      });
      return;
    }
    case 'LA1': {
      const [priceList] = counters(e, 1);
      const [price, sinceReset, sinceInit] = counters(e, 3, 2);
      if (priceList == null) unread();
      d.priceLists.push({ priceList, product: required(e[1]), price: price ?? null, vends: { sinceInit: sinceInit ?? null, sinceReset: sinceReset ?? null } });
      return;
    }
    case 'DA1':
    case 'DB1': {
      const c = cashlessOf(r, tag.slice(0, 2) as 'DA' | 'DB');
      c.serial = text(e[0]);
      c.model = text(e[1]);
      return;
    }
    case 'DA2':
    case 'DB2':
      cashlessOf(r, tag.slice(0, 2) as 'DA' | 'DB').sales = valueCountInitThenReset(e);
      return;
    case 'DA4':
    case 'DB4': {
      const [init, reset] = counters(e, 2);
      cashlessOf(r, tag.slice(0, 2) as 'DA' | 'DB').revalue = { sinceInit: init ?? null, sinceReset: reset ?? null };
      return;
    }
    case 'EA1': {
      const [duration] = counters(e, 1, 3);
      d.eventLog.push({ event: required(e[0]), at: localTime(e[1], e[2]), duration: duration ?? null });
      return;
    }
    case 'EA2': {
      const [reset, init] = counters(e, 2, 1);
      d.eventCounts.push({ event: required(e[0]), count: { sinceInit: init ?? null, sinceReset: reset ?? null } });
      return;
    }
    case 'EA3': {
      const [withReset] = counters(e, 1);
      d.reads = { withReset: withReset ?? null, at: localTime(e[1], e[2]), previousAt: localTime(e[4], e[5]) };
      if (!r.sawId5) r.cash.machineTime = d.reads.at;
      return;
    }
    case 'EA7': {
      const [reset, init] = counters(e, 2);
      d.powerOutages = { sinceInit: init ?? null, sinceReset: reset ?? null };
      return;
    }
  }
}

/** A line's segment tag and elements; undefined when the line is not a segment (blank lines are skipped). */
function segmentOf(line: string): { tag: string; elements: string[] } | undefined {
  const [tag = '', ...elements] = line.split('*');
  return SEGMENT_TAG.test(tag) && elements.length > 0 ? { tag, elements } : undefined;
}

const linesOf = (dex: string) =>
  dex
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** Whether a text reads as EVA-DTS at all: some segment lines, and no more other lines than segment lines. */
export function isEvaDts(dex: string): boolean {
  const lines = linesOf(dex);
  const segments = lines.filter((l) => segmentOf(l)).length;
  return segments > 0 && segments * 2 >= lines.length;
}

export interface EvaDtsReading {
  cash: AuditCash;
  evaDts: AuditEvaDts;
}

/** One audit's EVA-DTS text, read. */
export function readEvaDts(dex: string): EvaDtsReading {
  const r: Reading = { cash: emptyCash(), details: emptyDetails(), sawId5: false, sawCa15: false };
  const { cash } = r;
  for (const line of linesOf(dex)) {
    const segment = segmentOf(line);
    try {
      if (!segment) unread();
      if (!applyCashLine(r, segment.tag, segment.elements)) applyDetailLine(r, segment.tag, segment.elements);
    } catch (error) {
      if (!(error instanceof UnreadLine)) throw error;
      cash.unreadLines++;
    }
  }
  cash.tubes.sort((a, b) => a.coinType - b.coinType);
  const counts = cash.tubes.map((t) => t.count);
  if (!r.sawCa15 && counts.length > 0 && counts.every((c) => c !== null)) {
    cash.tubeContents = cash.tubes.reduce((sum, t, i) => sum + t.value * counts[i]!, 0);
  }
  return { cash, evaDts: { ...checkIntegrity(dex), ...r.details, detailsOmitted: false } };
}

/** Number, money and date formatting (spec §9). Money is an integer in minor units with its currency. */

/** Currencies without decimals: their minor unit is the major unit. */
const ZERO_DECIMALS = new Set(['COP', 'CLP', 'UYU', 'PYG', 'CZK']);
const DOT_THOUSANDS = new Set(['EUR', 'RSD', 'RON', 'COP', 'CZK']);

export interface CurrencyFormat {
  decimals: number;
  thousandsSeparator: string;
  decimalSeparator: string;
}

/**
 * Separators per currency: '.' thousands (and ',' decimals) for EUR, RSD, RON, COP, CZK; a space for ZAR
 * (with ',' decimals); ',' for MXN (with '.' decimals). Currencies the spec does not name use ',' and '.'.
 */
export function currencyFormat(currency: string): CurrencyFormat {
  const code = currency.toUpperCase();
  const decimals = ZERO_DECIMALS.has(code) ? 0 : 2;
  if (DOT_THOUSANDS.has(code)) return { decimals, thousandsSeparator: '.', decimalSeparator: ',' };
  if (code === 'ZAR') return { decimals, thousandsSeparator: ' ', decimalSeparator: ',' };
  return { decimals, thousandsSeparator: ',', decimalSeparator: '.' };
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** An amount in minor units as text without the currency: `formatAmount(123456, 'EUR')` → `1.234,56`. */
export function formatAmount(minorUnits: number, currency: string): string {
  if (!Number.isFinite(minorUnits)) return '';
  const { decimals, thousandsSeparator, decimalSeparator } = currencyFormat(currency);
  const minor = Math.round(minorUnits);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const factor = 10 ** decimals;
  const major = Math.floor(abs / factor);
  let text = groupThousands(String(major), thousandsSeparator);
  if (decimals > 0) text += decimalSeparator + String(abs % factor).padStart(decimals, '0');
  return negative ? `-${text}` : text;
}

/** An amount with its currency code: `formatMoney(150000, 'COP')` → `150.000 COP`. */
export function formatMoney(minorUnits: number, currency: string): string {
  const amount = formatAmount(minorUnits, currency);
  return amount === '' ? '' : `${amount} ${currency.toUpperCase()}`;
}

/** Major units (as a user types them) to minor units: `toMinorUnits(12.5, 'EUR')` → 1250. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyFormat(currency).decimals);
}

/** The "no date" value (spec §9: 0001-01-01 shows blank). */
export function isEmptyDate(value: string | Date | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'string') return value.startsWith('0001-01-01') || Number.isNaN(Date.parse(value));
  return Number.isNaN(value.getTime()) || value.getUTCFullYear() <= 1;
}

function formatWith(value: string | Date | null | undefined, locale: string, options: Intl.DateTimeFormatOptions): string {
  if (isEmptyDate(value)) return '';
  const date = typeof value === 'string' ? new Date(value) : (value as Date);
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** A date for display in the UI language; blank for 0001-01-01, missing or invalid values. */
export function formatDate(value: string | Date | null | undefined, locale: string, timeZone?: string): string {
  return formatWith(value, locale, { day: '2-digit', month: '2-digit', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** A date and time for display in the UI language; blank for 0001-01-01, missing or invalid values. */
export function formatDateTime(value: string | Date | null | undefined, locale: string, timeZone?: string): string {
  return formatWith(value, locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** Chart week labels: DD/MM (spec §9). */
export function formatDayMonth(value: string | Date): string {
  if (isEmptyDate(value)) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}`;
}

export interface RelativeTime {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day';
}

/**
 * How long ago (negative) or ahead a moment is, in the largest whole unit that fits (for "3 minutes ago"
 * with Intl.RelativeTimeFormat); null for 0001-01-01, missing or invalid values.
 */
export function relativeTime(value: string | Date | null | undefined, now: Date = new Date()): RelativeTime | null {
  if (isEmptyDate(value)) return null;
  const date = typeof value === 'string' ? new Date(value) : (value as Date);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return { value: seconds, unit: 'second' };
  if (abs < 3600) return { value: Math.trunc(seconds / 60), unit: 'minute' };
  if (abs < 86_400) return { value: Math.trunc(seconds / 3600), unit: 'hour' };
  return { value: Math.trunc(seconds / 86_400), unit: 'day' };
}

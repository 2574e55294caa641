import { useIntl } from 'react-intl';

/**
 * Numbers, money, dates, temperatures and country and language names in the user's language, with the
 * platform's Intl APIs (spec §9 for money and dates). Screens take them from `useFormat()`.
 */

/** Spec §9: currencies without decimals (their minor unit is the major unit); amounts are integers in minor units. */
const ZERO_DECIMALS = new Set(['COP', 'CLP', 'UYU', 'PYG', 'CZK']);

export function currencyDecimals(currency: string): number {
  return ZERO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * An amount in minor units with its currency, in the user's language: `formatMoney(150000, 'COP', 'it')` →
 * `150.000 COP`, `formatMoney(123456, 'EUR', 'en')` → `€1,234.56`. The decimals are the spec's, not Intl's
 * (ICU gives UYU and CZK two).
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  if (!Number.isFinite(minorUnits)) return '';
  const code = currency.toUpperCase();
  const decimals = currencyDecimals(code);
  const major = Math.round(minorUnits) / 10 ** decimals;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(major);
  } catch {
    // Not an ISO 4217 code: the number in the user's language and the code as it came.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(major)} ${code}`;
  }
}

/** Major units (as a user types them) to minor units: `toMinorUnits(12.5, 'EUR')` → 1250. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDecimals(currency));
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

/** A calendar day (`YYYY-MM-DD`, e.g. in a merchant's time zone) as that day, whatever the browser's time zone. */
export function formatCalendarDay(day: string, locale: string): string {
  return formatDate(`${day}T00:00:00Z`, locale, 'UTC');
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

/** A plain number in the user's language (counts, occurrences). */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, 'number').format(value);
}

/** A signal level (0–100) as a percentage: `65 %` in German, `65%` in Italian. */
export function formatPercent(value: number, locale: string): string {
  return numberFormat(locale, 'percent').format(value);
}

/** A temperature in degrees Celsius, one decimal at most: `4,8 °C` in Italian, `4.8°C` in English. */
export function formatCelsius(value: number, locale: string): string {
  return numberFormat(locale, 'celsius').format(value);
}

/** A file size in the largest unit of 1,024 that keeps it at 1 or more, one decimal at most: `1,5 MB` in Italian. */
export function formatBytes(value: number, locale: string): string {
  let unit = 0;
  let size = value;
  while (size >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return numberFormat(locale, BYTE_UNITS[unit]!).format(size);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const bytes = (unit: (typeof BYTE_UNITS)[number]) => ({ style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }) as const;

const NUMBER_OPTIONS = {
  number: {},
  percent: { style: 'unit', unit: 'percent', maximumFractionDigits: 0 },
  celsius: { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 },
  byte: bytes('byte'),
  kilobyte: bytes('kilobyte'),
  megabyte: bytes('megabyte'),
  gigabyte: bytes('gigabyte'),
} satisfies Record<string, Intl.NumberFormatOptions>;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, kind: keyof typeof NUMBER_OPTIONS): Intl.NumberFormat {
  const key = `${locale}:${kind}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, NUMBER_OPTIONS[kind])));
  return format;
}

/** A country's name in the user's language from its ISO 3166 code (`DE` → `Germania` in Italian); the code if unknown. */
export function regionName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

/** A language's name in the user's language, capitalised as a label stands alone (`de` → `Tedesco` in Italian). */
export function languageName(code: string, locale: string): string {
  let name: string;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export interface Option {
  value: string;
  label: string;
}

/** Country picker options: names in the user's language, in that language's alphabetical order. */
export function countryOptions(codes: readonly string[], locale: string): Option[] {
  const collator = new Intl.Collator(locale);
  return codes.map((code) => ({ value: code, label: regionName(code, locale) })).sort((a, b) => collator.compare(a.label, b.label));
}

/** Currency picker options: the code, then the currency's name in the user's language (`EUR – euro` in Italian). */
export function currencyOptions(codes: readonly string[], locale: string): Option[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
  return codes.map((code) => {
    const name = names.of(code) ?? code;
    return { value: code, label: name === code ? code : `${code} – ${name}` };
  });
}

/** Every formatter above for one locale. */
export interface Formatters {
  locale: string;
  number: (value: number) => string;
  percent: (value: number) => string;
  celsius: (value: number) => string;
  money: (minorUnits: number, currency: string) => string;
  date: (value: string | Date | null | undefined) => string;
  dateTime: (value: string | Date | null | undefined) => string;
  region: (code: string) => string;
  language: (code: string) => string;
  countryOptions: (codes: readonly string[]) => Option[];
  currencyOptions: (codes: readonly string[]) => Option[];
}

const formattersByLocale = new Map<string, Formatters>();

export function formatters(locale: string): Formatters {
  let f = formattersByLocale.get(locale);
  if (!f) {
    f = {
      locale,
      number: (value) => formatNumber(value, locale),
      percent: (value) => formatPercent(value, locale),
      celsius: (value) => formatCelsius(value, locale),
      money: (minorUnits, currency) => formatMoney(minorUnits, currency, locale),
      date: (value) => formatDate(value, locale),
      dateTime: (value) => formatDateTime(value, locale),
      region: (code) => regionName(code, locale),
      language: (code) => languageName(code, locale),
      countryOptions: (codes) => countryOptions(codes, locale),
      currencyOptions: (codes) => currencyOptions(codes, locale),
    };
    formattersByLocale.set(locale, f);
  }
  return f;
}

/** The formatters of the current react-intl locale (the user's language). */
export function useFormat(): Formatters {
  return formatters(useIntl().locale);
}

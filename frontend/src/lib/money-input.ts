import { currencyDecimals, formatMoney } from './format';

/**
 * Money as a user types it (major units, "1,50" or "1.50") to and from the API's integers in minor units
 * (spec §9). Pure: the screens show the outcome's message under the field.
 */

export type MoneyInputError =
  | { messageId: 'money.error.required' }
  | { messageId: 'money.error.number' }
  | { messageId: 'money.error.negative' }
  | { messageId: 'money.error.decimals'; values: { decimals: number } }
  | { messageId: 'money.error.max'; values: { max: string } };

export type MoneyInput = { ok: true; minorUnits: number } | { ok: false; error: MoneyInputError };

const SEPARATORS = /[.,]/g;

/** The decimal separator of a language ("," in Italian, "." in English). */
function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/**
 * Which of the typed separators is the decimal one: with both "." and ",", the last; with one kind once,
 * that one, unless the currency has no decimals and three digits follow ("1.500" pesos); several of one
 * kind are thousands separators.
 */
function splitDecimal(text: string, decimals: number): { whole: string; fraction: string } | null {
  const marks = text.match(SEPARATORS) ?? [];
  if (marks.length === 0) return { whole: text, fraction: '' };
  const kinds = new Set(marks);
  const last = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  const afterLast = text.slice(last + 1);
  const lastIsDecimal = kinds.size === 2 || (marks.length === 1 && !(decimals === 0 && afterLast.length === 3));
  if (!lastIsDecimal) return groupsAreValid(text) ? { whole: text.replace(SEPARATORS, ''), fraction: '' } : null;
  const whole = text.slice(0, last);
  if (/[.,]/.test(whole) && (whole.includes(text[last]!) || !groupsAreValid(whole))) return null;
  return { whole: whole.replace(SEPARATORS, ''), fraction: afterLast };
}

/** Thousands separators group three digits: "1.234.567", not "1.23.4". */
const groupsAreValid = (text: string) => /^\d{1,3}([.,]\d{3})+$/.test(text) && new Set(text.match(SEPARATORS)).size === 1;

/**
 * A typed amount in major units as minor units of `currency`: `parseMoneyInput('1,50', 'EUR')` → 150,
 * `parseMoneyInput('1.500', 'COP')` → 1500. Refuses blanks, negatives, more decimals than the currency
 * has and amounts above `max` (minor units; its message shows it as money in `locale`); spaces (French
 * thousands) are ignored.
 */
export function parseMoneyInput(
  raw: string,
  currency: string,
  { max = Number.MAX_SAFE_INTEGER, locale = 'en' }: { max?: number; locale?: string } = {},
): MoneyInput {
  const text = raw.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return { ok: false, error: { messageId: 'money.error.required' } };
  if (/^-/.test(text) && /\d/.test(text)) return { ok: false, error: { messageId: 'money.error.negative' } };
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: { messageId: 'money.error.number' } };
  const decimals = currencyDecimals(currency);
  const parts = splitDecimal(text, decimals);
  if (!parts || !/^\d*$/.test(parts.whole) || !/^\d*$/.test(parts.fraction)) return { ok: false, error: { messageId: 'money.error.number' } };
  if (parts.fraction.length > decimals && /[1-9]/.test(parts.fraction.slice(decimals)))
    return { ok: false, error: { messageId: 'money.error.decimals', values: { decimals } } };
  const minorUnits = Number(parts.whole || '0') * 10 ** decimals + Number(parts.fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(minorUnits) || minorUnits > max)
    return { ok: false, error: { messageId: 'money.error.max', values: { max: formatMoney(max, currency, locale) } } };
  return { ok: true, minorUnits };
}

/** Minor units as the text of an input in the user's language, without thousands separators: 150 EUR → "1,50" in Italian. */
export function moneyInputValue(minorUnits: number, currency: string, locale: string): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(minorUnits);
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  const unit = 10 ** decimals;
  return `${sign}${Math.floor(abs / unit)}${decimalSeparator(locale)}${String(abs % unit).padStart(decimals, '0')}`;
}

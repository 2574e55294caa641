/** A report's cells as a document shows them: numbers and money in the reader's language, instants in the merchant's time zone. */
import type { ReportColumn } from '#schemas/report';

const ZERO_DECIMALS = new Set(['COP', 'CLP', 'UYU', 'PYG', 'CZK']);

/** Spec §9: COP, CLP, UYU, PYG and CZK have no decimals; the others two. */
export const currencyDecimals = (currency: string) => (ZERO_DECIMALS.has(currency) ? 0 : 2);

export interface CellFormat {
  text(kind: ReportColumn['kind'], value: string | number | null): string;
}

/** Formats cells for `language` (BCP 47 of the six: it, es, en, fr, de, pt), money in `currency`, instants in `timeZone`. */
export function cellFormat(language: string, currency: string, timeZone: string): CellFormat {
  const decimals = currencyDecimals(currency);
  const money = (() => {
    try {
      // The currency's own sign (₲, Kč, lei, R$, …); the document's header names the currency's code beside it.
      return new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    } catch {
      return new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
  })();
  const count = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const instant = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  return {
    text(kind, value) {
      if (value === null || value === undefined || value === '') return '';
      if (kind === 'text') return String(value);
      if (kind === 'instant') return instant.format(new Date(String(value)));
      const n = Number(value);
      if (kind === 'money') return money.format(n / 10 ** decimals);
      if (kind === 'share') return percent.format(n);
      if (kind === 'duration') {
        const h = Math.floor(n / 3600);
        const m = Math.floor((n % 3600) / 60);
        return `${count.format(h)} h ${String(m).padStart(2, '0')} min`;
      }
      return count.format(n);
    },
  };
}

/** A money cell in a CSV: major units with a point (machine-readable, the same total as the document's). */
export const csvMoney = (minor: number, currency: string) => (minor / 10 ** currencyDecimals(currency)).toFixed(currencyDecimals(currency));

import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  currencyDecimals,
  formatBytes,
  formatCalendarDay,
  currencyOptions,
  formatCelsius,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatNumber,
  formatPercent,
  formatters,
  isEmptyDate,
  languageName,
  regionName,
  toMinorUnits,
} from '../../frontend/src/lib/format';

/** Intl puts no-break spaces (U+00A0, U+202F) where ICU's data says; which one varies between ICU versions. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("money (integers in minor units, in the user's language)", () => {
  it('uses zero decimals for COP, CLP, UYU, PYG, CZK (spec §9; ICU gives UYU and CZK two)', () => {
    for (const code of ['COP', 'CLP', 'UYU', 'PYG', 'CZK']) expect(currencyDecimals(code)).toBe(0);
    expect(spaced(formatMoney(150000, 'COP', 'it'))).toBe('150.000 COP');
    expect(spaced(formatMoney(1234567, 'CLP', 'en'))).toBe('CLP 1,234,567');
    expect(spaced(formatMoney(2500, 'CZK', 'de'))).toBe('2.500 CZK');
    expect(spaced(formatMoney(999, 'PYG', 'it'))).toBe('999 PYG');
    expect(spaced(formatMoney(1500, 'UYU', 'en'))).toBe('UYU 1,500');
  });

  it('uses two decimals elsewhere', () => {
    for (const code of ['EUR', 'USD', 'MXN', 'ZAR', 'GBP']) expect(currencyDecimals(code)).toBe(2);
    expect(spaced(formatMoney(5, 'EUR', 'it'))).toBe('0,05 €');
    expect(spaced(formatMoney(100, 'USD', 'en'))).toBe('$1.00');
  });

  it("separates thousands and decimals as the user's language does, whatever the currency", () => {
    expect(spaced(formatMoney(123456789, 'EUR', 'it'))).toBe('1.234.567,89 €');
    expect(spaced(formatMoney(123456789, 'EUR', 'de'))).toBe('1.234.567,89 €');
    expect(spaced(formatMoney(123456789, 'EUR', 'en'))).toBe('€1,234,567.89');
    expect(spaced(formatMoney(123456789, 'EUR', 'fr'))).toBe('1 234 567,89 €');
    expect(spaced(formatMoney(123456789, 'MXN', 'it'))).toBe('1.234.567,89 MXN');
    expect(spaced(formatMoney(123456789, 'ZAR', 'en'))).toBe('ZAR 1,234,567.89');
  });

  it('formats negatives, rounding, lower-case codes and no amount', () => {
    expect(spaced(formatMoney(-123456, 'EUR', 'de'))).toBe('-1.234,56 €');
    expect(spaced(formatMoney(99.6, 'EUR', 'de'))).toBe('1,00 €');
    expect(spaced(formatMoney(150000, 'cop', 'de'))).toBe('150.000 COP');
    expect(formatMoney(Number.NaN, 'EUR', 'it')).toBe('');
  });

  it('keeps a code Intl does not take beside the number', () => {
    expect(spaced(formatMoney(100, 'EURO', 'de'))).toBe('1,00 EURO');
  });

  it('converts major units to minor units per currency', () => {
    expect(toMinorUnits(12.5, 'EUR')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1500, 'COP')).toBe(1500);
  });
});

describe('numbers, temperatures and signal', () => {
  it("formats a temperature in the user's language, one decimal at most", () => {
    expect(spaced(formatCelsius(4.8, 'it'))).toBe('4,8 °C');
    expect(spaced(formatCelsius(4.8, 'de'))).toBe('4,8 °C');
    expect(spaced(formatCelsius(4.8, 'fr'))).toBe('4,8 °C');
    expect(spaced(formatCelsius(4.8, 'en'))).toBe('4.8°C');
    expect(spaced(formatCelsius(-3.14, 'it'))).toBe('-3,1 °C');
    expect(spaced(formatCelsius(5, 'de'))).toBe('5 °C');
  });

  it('formats a signal level (0–100) as a percentage', () => {
    expect(spaced(formatPercent(65, 'it'))).toBe('65%');
    expect(spaced(formatPercent(65, 'de'))).toBe('65 %');
    expect(spaced(formatPercent(65, 'fr'))).toBe('65 %');
    expect(spaced(formatPercent(65, 'en'))).toBe('65%');
  });

  it('groups thousands of counts', () => {
    expect(spaced(formatNumber(12345, 'it'))).toBe('12.345');
    expect(spaced(formatNumber(12345, 'de'))).toBe('12.345');
    expect(spaced(formatNumber(12345, 'en'))).toBe('12,345');
    expect(spaced(formatNumber(12345, 'fr'))).toBe('12 345');
  });

  it("shows a calendar day as that day, in the user's order, whatever the time zone", () => {
    expect(formatCalendarDay('2024-03-01', 'it')).toBe('01/03/2024');
    expect(formatCalendarDay('2024-03-01', 'en')).toBe('03/01/2024');
    expect(formatCalendarDay('2024-12-31', 'de')).toBe('31.12.2024');
  });

  it('formats a file size in the largest unit of 1,024 that fits, one decimal at most', () => {
    expect(spaced(formatBytes(0, 'en'))).toBe('0 byte');
    expect(spaced(formatBytes(1023, 'en'))).toBe('1,023 byte');
    expect(spaced(formatBytes(1536, 'it'))).toBe('1,5 kB');
    expect(spaced(formatBytes(1.5 * 1024 ** 2, 'de'))).toBe('1,5 MB');
    expect(spaced(formatBytes(5 * 1024 ** 4, 'en'))).toBe('5,120 GB');
  });
});

describe('country and language names', () => {
  it("names a country from its code in the user's language", () => {
    expect(regionName('DE', 'it')).toBe('Germania');
    expect(regionName('DE', 'de')).toBe('Deutschland');
    expect(regionName('DE', 'en')).toBe('Germany');
    expect(regionName('DE', 'fr')).toBe('Allemagne');
    expect(regionName('', 'it')).toBe('');
    expect(regionName('de', 'it')).toBe('de');
  });

  it('names a language, capitalised as a label', () => {
    expect(languageName('de', 'it')).toBe('Tedesco');
    expect(languageName('de', 'de')).toBe('Deutsch');
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'fr')).toBe('Allemand');
  });

  it("sorts country options in the user's alphabetical order (accents where the language puts them)", () => {
    const codes = ['AT', 'DE', 'IT', 'ZA', 'US', 'ES'];
    expect(countryOptions(codes, 'it').map((o) => o.label)).toEqual(['Austria', 'Germania', 'Italia', 'Spagna', 'Stati Uniti', 'Sudafrica']);
    expect(countryOptions(codes, 'de').map((o) => o.label)).toEqual(['Deutschland', 'Italien', 'Österreich', 'Spanien', 'Südafrika', 'Vereinigte Staaten']);
    expect(countryOptions(codes, 'en').map((o) => o.label)).toEqual(['Austria', 'Germany', 'Italy', 'South Africa', 'Spain', 'United States']);
    expect(countryOptions(codes, 'fr').map((o) => o.label)).toEqual(['Afrique du Sud', 'Allemagne', 'Autriche', 'Espagne', 'États-Unis', 'Italie']);
    expect(countryOptions(['DE'], 'it')).toEqual([{ value: 'DE', label: 'Germania' }]);
  });
});

describe('currency names', () => {
  it("labels a currency with its code and its name in the user's language", () => {
    expect(currencyOptions(['EUR', 'COP'], 'it')).toEqual([
      { value: 'EUR', label: 'EUR – euro' },
      { value: 'COP', label: 'COP – peso colombiano' },
    ]);
    expect(currencyOptions(['ZAR'], 'de')[0]!.label).toBe('ZAR – Südafrikanischer Rand');
    expect(currencyOptions(['ZAR'], 'en')[0]!.label).toBe('ZAR – South African Rand');
    expect(currencyOptions(['ZAR'], 'fr')[0]!.label).toBe('ZAR – rand sud-africain');
    expect(currencyOptions(['XYZ'], 'it')[0]!.label).toBe('XYZ');
  });
});

describe('formatters of one locale', () => {
  it('are one set per locale, bound to it', () => {
    expect(formatters('de')).toBe(formatters('de'));
    const it_ = formatters('it');
    expect([it_.celsius(4.8), it_.percent(65), it_.money(123456, 'EUR'), it_.region('FR'), it_.date('2024-03-05T10:00:00Z')].map(spaced)).toEqual([
      '4,8 °C',
      '65%',
      '1234,56 €',
      'Francia',
      formatDate('2024-03-05T10:00:00Z', 'it'),
    ]);
  });
});

describe('dates', () => {
  it('shows 0001-01-01 as blank', () => {
    expect(isEmptyDate('0001-01-01T00:00:00Z')).toBe(true);
    expect(formatDate('0001-01-01T00:00:00Z', 'it')).toBe('');
    expect(formatDateTime('0001-01-01', 'en')).toBe('');
    expect(formatDayMonth('0001-01-01')).toBe('');
  });

  it('shows missing or invalid dates as blank', () => {
    expect(formatDate(null, 'it')).toBe('');
    expect(formatDate(undefined, 'it')).toBe('');
    expect(formatDate('not a date', 'it')).toBe('');
  });

  it('formats real dates in the UI language', () => {
    expect(formatDate('2024-03-05T10:00:00Z', 'it', 'UTC')).toBe('05/03/2024');
    expect(formatDate('2024-03-05T10:00:00Z', 'en-US', 'UTC')).toBe('03/05/2024');
    expect(formatDateTime('2024-03-05T10:07:00Z', 'de', 'UTC')).toBe('05.03.2024, 10:07');
    expect(formatDayMonth('2024-03-05T10:00:00Z')).toBe('05/03');
  });
});

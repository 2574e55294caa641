import { describe, expect, it } from 'vitest';
import { currencyFormat, formatAmount, formatDate, formatDateTime, formatDayMonth, formatMoney, isEmptyDate, toMinorUnits } from '../../frontend/src/lib/format';

describe('money (integers in minor units)', () => {
  it('uses zero decimals for COP, CLP, UYU, PYG, CZK', () => {
    for (const code of ['COP', 'CLP', 'UYU', 'PYG', 'CZK']) expect(currencyFormat(code).decimals).toBe(0);
    expect(formatAmount(150000, 'COP')).toBe('150.000');
    expect(formatAmount(1234567, 'CLP')).toBe('1,234,567');
    expect(formatAmount(2500, 'CZK')).toBe('2.500');
    expect(formatAmount(999, 'PYG')).toBe('999');
  });

  it('uses two decimals elsewhere', () => {
    expect(formatAmount(123456, 'EUR')).toBe('1.234,56');
    expect(formatAmount(5, 'EUR')).toBe('0,05');
    expect(formatAmount(100, 'USD')).toBe('1.00');
  });

  it("groups thousands with '.' for EUR, RSD, RON, COP, CZK", () => {
    expect(formatAmount(123456789, 'EUR')).toBe('1.234.567,89');
    expect(formatAmount(123456789, 'RSD')).toBe('1.234.567,89');
    expect(formatAmount(123456789, 'RON')).toBe('1.234.567,89');
    expect(formatAmount(1234567, 'COP')).toBe('1.234.567');
    expect(formatAmount(1234567, 'CZK')).toBe('1.234.567');
  });

  it("groups thousands with a space for ZAR and ',' for MXN", () => {
    expect(formatAmount(123456789, 'ZAR')).toBe('1 234 567,89');
    expect(formatAmount(123456789, 'MXN')).toBe('1,234,567.89');
  });

  it('formats negatives, rounding and the currency code', () => {
    expect(formatAmount(-123456, 'EUR')).toBe('-1.234,56');
    expect(formatAmount(99.6, 'EUR')).toBe('1,00');
    expect(formatMoney(150000, 'cop')).toBe('150.000 COP');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('');
  });

  it('converts major units to minor units per currency', () => {
    expect(toMinorUnits(12.5, 'EUR')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1500, 'COP')).toBe(1500);
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

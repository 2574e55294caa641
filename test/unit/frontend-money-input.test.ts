import { describe, expect, it } from 'vitest';
import { moneyInputValue, parseMoneyInput } from '../../frontend/src/lib/money-input';

const minor = (raw: string, currency = 'EUR') => {
  const parsed = parseMoneyInput(raw, currency);
  return parsed.ok ? parsed.minorUnits : parsed.error.messageId;
};

describe('money typed in major units → integers in minor units (spec §9)', () => {
  it('takes a comma or a dot as the decimal separator, in any language', () => {
    expect(minor('1,50')).toBe(150);
    expect(minor('1.50')).toBe(150);
    expect(minor('1,5')).toBe(150);
    expect(minor('0.05')).toBe(5);
    expect(minor('.5')).toBe(50);
    expect(minor('2')).toBe(200);
    expect(minor('2.')).toBe(200);
    expect(minor(' 0,80 ')).toBe(80);
  });

  it('reads thousands separators: both kinds (the last is the decimal one), several of one kind, spaces', () => {
    expect(minor('1.234,56')).toBe(123456);
    expect(minor('1,234.56')).toBe(123456);
    expect(minor('1.234.567')).toBe(123456700);
    expect(minor('1 234,56')).toBe(123456);
    expect(minor('1\u202f234,56')).toBe(123456);
  });

  it('uses no decimals for COP, CLP, UYU, PYG, CZK: "1.500" is a thousand and a half', () => {
    expect(minor('1500', 'COP')).toBe(1500);
    expect(minor('1.500', 'COP')).toBe(1500);
    expect(minor('1,500', 'CLP')).toBe(1500);
    expect(minor('2.500.000', 'PYG')).toBe(2_500_000);
    expect(parseMoneyInput('1,5', 'CZK')).toEqual({ ok: false, error: { messageId: 'money.error.decimals', values: { decimals: 0 } } });
  });

  it('refuses more decimals than the currency has, but not trailing zeros', () => {
    expect(parseMoneyInput('1.234', 'EUR')).toEqual({ ok: false, error: { messageId: 'money.error.decimals', values: { decimals: 2 } } });
    expect(minor('1.500')).toBe(150);
  });

  it('refuses blanks, negatives and what is not a number', () => {
    expect(minor('')).toBe('money.error.required');
    expect(minor('   ')).toBe('money.error.required');
    expect(minor('-1')).toBe('money.error.negative');
    expect(minor('-0,50')).toBe('money.error.negative');
    for (const bad of ['abc', '1,2,3', '1.2.3', '1..5', '1,5e3', '€1', '-', '.', '12.34,56.7']) expect(minor(bad), bad).toBe('money.error.number');
  });

  it("refuses amounts above the maximum, naming it as money in the user's language", () => {
    const tooMuch = parseMoneyInput('1.000.001', 'EUR', { max: 100_000_000, locale: 'it' });
    expect(tooMuch.ok).toBe(false);
    if (!tooMuch.ok) {
      expect(tooMuch.error.messageId).toBe('money.error.max');
      expect(tooMuch.error).toHaveProperty('values.max', expect.stringContaining('1.000.000,00'));
    }
    expect(minor('99999999999999999999')).toBe('money.error.max');
    expect(parseMoneyInput('1.000.000', 'EUR', { max: 100_000_000 })).toEqual({ ok: true, minorUnits: 100_000_000 });
  });
});

describe('minor units → the text of a money input', () => {
  it("writes the language's decimal separator and no thousands separator", () => {
    expect(moneyInputValue(150, 'EUR', 'it')).toBe('1,50');
    expect(moneyInputValue(150, 'EUR', 'en')).toBe('1.50');
    expect(moneyInputValue(123456, 'EUR', 'de')).toBe('1234,56');
    expect(moneyInputValue(5, 'USD', 'en')).toBe('0.05');
    expect(moneyInputValue(0, 'GBP', 'fr')).toBe('0,00');
    expect(moneyInputValue(1500, 'COP', 'es')).toBe('1500');
  });

  it('reads back what it writes, in every language and currency', () => {
    for (const locale of ['it', 'es', 'en', 'fr', 'de', 'pt'])
      for (const currency of ['EUR', 'COP', 'GBP', 'CLP', 'BRL'])
        for (const value of [0, 1, 5, 99, 150, 1234, 100_000, 99_999_999]) {
          expect(parseMoneyInput(moneyInputValue(value, currency, locale), currency), `${value} ${currency} ${locale}`).toEqual({
            ok: true,
            minorUnits: value,
          });
        }
  });
});

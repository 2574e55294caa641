import { describe, expect, it } from 'vitest';
import { lookupPostalCode } from '../../functions/core/collections/postal-codes';
import { currencies } from '../../functions/core/collections/reference-data';
import { byName, nameKey } from '../../functions/core/merchants/merchant';

describe('merchant names', () => {
  it('compare case- and accent-insensitively, ignoring outer spaces', () => {
    expect(nameKey('  Émile Vending ')).toBe(nameKey('emile vending'));
    expect(
      ['beta', 'Alpha', 'émile', 'Delta']
        .map((name) => ({ name }))
        .sort(byName)
        .map((m) => m.name),
    ).toEqual(['Alpha', 'beta', 'Delta', 'émile']);
  });
});

describe('reference data', () => {
  it('currency decimals and separators follow spec §9', () => {
    const by = Object.fromEntries(currencies.map((c) => [c.code, c]));
    for (const code of ['COP', 'CLP', 'UYU', 'PYG', 'CZK']) expect(by[code]?.decimals).toBe(0);
    for (const code of ['EUR', 'USD', 'GBP', 'MXN', 'ZAR']) expect(by[code]?.decimals).toBe(2);
    for (const code of ['EUR', 'RSD', 'RON', 'COP', 'CZK']) expect(by[code]?.thousandsSeparator).toBe('.');
    expect(by.ZAR?.thousandsSeparator).toBe(' ');
    expect(by.MXN?.thousandsSeparator).toBe(',');
  });

  it('postal codes: known → place, unknown → PostalCodeNotRecognisedException, malformed → validation', () => {
    expect(lookupPostalCode('PT', '1100-148')).toMatchObject({ city: 'Lisboa' });
    expect(lookupPostalCode('GB', 'sw1a 1aa')).toMatchObject({ city: 'London' });
    expect(() => lookupPostalCode('IT', '99999')).toThrow(expect.objectContaining({ code: 'PostalCodeNotRecognisedException', kind: 'not-found' }));
    expect(() => lookupPostalCode('IT', '1234')).toThrow(expect.objectContaining({ code: 'InvalidPostalCodeException', kind: 'validation' }));
  });
});

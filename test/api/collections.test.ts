import { describe, expect, it } from 'vitest';
import { api } from './support/http';

describe('public collections (no token)', () => {
  it('serves the spa configuration with a version and the identity provider', async () => {
    const res = await api('/spa-configuration');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: expect.any(String),
      apiBase: '/api/v1',
      defaultLanguage: 'it',
      auth: { userPoolId: expect.any(String), clientId: expect.any(String) },
    });
  });

  it('serves the reference collections', async () => {
    const res = await api('/collections');
    expect(res.status).toBe(200);
    const cop = res.body.currencies.find((c: { code: string }) => c.code === 'COP');
    expect(cop).toEqual({ code: 'COP', decimals: 0, thousandsSeparator: '.', decimalSeparator: ',' });
    expect(res.body.currencies.find((c: { code: string }) => c.code === 'ZAR').thousandsSeparator).toBe(' ');
    expect(res.body.currencies).toHaveLength(15);
    expect(res.body.languages.map((l: { code: string }) => l.code)).toEqual(['it', 'es', 'en', 'fr', 'de', 'pt']);
    expect(res.body.deviceTypes).toHaveLength(16);
    expect(res.body.timezones.find((t: { id: string }) => t.id === 'Europe/Rome')).toEqual({ id: 'Europe/Rome', offset: 'GMT+01:00' });
    expect((await api('/collections/countries')).body.length).toBeGreaterThan(10);
    expect((await api('/collections/pos-sectors')).body.length).toBeGreaterThan(3);
  });

  it('autocompletes known postal codes', async () => {
    const res = await api('/autocomplete/postalcode/IT/20121');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ country: 'IT', postalCode: '20121', city: 'Milano', province: 'MI' });
    expect((await api('/autocomplete/postalcode/GB/sw1a%201aa')).body.city).toBe('London');
  });

  it('answers a clear 404 for unknown codes and 400 for malformed ones', async () => {
    const unknown = await api('/autocomplete/postalcode/IT/99999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'PostalCodeNotRecognisedException', message: 'Zip code not recognised' });
    expect((await api('/autocomplete/postalcode/ZZ/12345')).status).toBe(404);
    const malformed = await api('/autocomplete/postalcode/IT/ABCDE');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('InvalidPostalCodeException');
    expect((await api('/autocomplete/postalcode/italy/20121')).status).toBe(400);
  });
});

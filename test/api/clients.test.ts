import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
const clientName = (prefix = 'Client') => `${prefix} ${randomUUID().slice(0, 8)}`;
const createClient = (token: string, merchantId: string, body: Record<string, unknown>) =>
  api(`/merchants/${merchantId}/clients`, { method: 'POST', token, body });

const fullClient = (overrides: Record<string, unknown> = {}) => ({
  code: 'C-001',
  name: clientName(),
  companyName: 'Bellavista S.r.l.',
  vat: 'IT 12345678901',
  address: 'Via Roma 1',
  city: 'Milano',
  province: 'MI',
  postalCode: '20121',
  country: 'IT',
  phone: '+39 02 1234 5678',
  website: 'https://bellavista.example',
  ...overrides,
});

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
});

describe('clients', () => {
  it('a merchant admin creates, reads, updates and deletes a client with every field of spec §3', async () => {
    const body = fullClient();
    const created = await createClient(merchantAdmin, 'acme-vending', { ...body, name: `  ${body.name} ` });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, vat: 'IT 12345678901', merchantId: 'acme-vending', machines: 0 });
    const path = `/merchants/acme-vending/clients/${created.body.id}`;
    expect((await api(path, { token: merchantAdmin })).body).toEqual(created.body);
    const updated = await api(path, { method: 'PUT', token: merchantAdmin, body: { ...body, city: 'Monza', postalCode: '20900', name: `${body.name} 2` } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ city: 'Monza', postalCode: '20900', name: `${body.name} 2`, createdAt: created.body.createdAt });
    expect((await createClient(merchantAdmin, 'acme-vending', { name: body.name, country: 'IT' })).status).toBe(201);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(path, { token: merchantAdmin })).body.code).toBe('ClientNotFoundException');
  });

  it('names are unique per merchant (409 duplicate client), also under concurrency; another merchant may reuse them', async () => {
    const name = clientName('Unique');
    expect((await createClient(merchantAdmin, 'acme-vending', { name, country: 'IT' })).status).toBe(201);
    const dup = await createClient(superAdmin, 'acme-vending', { name: name.toUpperCase(), country: 'IT' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DuplicateClientNameException', message: 'duplicate client' });
    expect((await createClient(superAdmin, 'bravo-distribucion', { name, country: 'ES' })).status).toBe(201);
    const race = clientName('Race');
    const results = await Promise.all(Array.from({ length: 8 }, () => createClient(merchantAdmin, 'acme-vending', { name: race, country: 'IT' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    const other = (await createClient(merchantAdmin, 'acme-vending', { name: clientName(), country: 'IT' })).body;
    const clash = await api(`/merchants/acme-vending/clients/${other.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: { name: race.toLowerCase(), country: 'IT' },
    });
    expect(clash.status).toBe(409);
  });

  it('validates VAT (country format), phone, postal code (country pattern), URL and the country', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ vat: 'IT123' }, 'body.vat'],
      [{ vat: 'DE123456789', country: 'IT', postalCode: '' }, 'body.vat'],
      [{ phone: '12ab' }, 'body.phone'],
      [{ phone: '+0 123' }, 'body.phone'],
      [{ postalCode: '2012' }, 'body.postalCode'],
      [{ website: 'ftp://files.example' }, 'body.website'],
      [{ website: 'not a url' }, 'body.website'],
      [{ country: 'Italy' }, 'body.country'],
      [{ country: 'JP', vat: '', postalCode: '' }, 'body.country'],
    ];
    for (const [overrides, path] of cases) {
      const res = await createClient(merchantAdmin, 'acme-vending', fullClient(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    for (const overrides of [
      { vat: 'ESB12345678', country: 'ES', postalCode: '28001', phone: '+34 912 345 678' },
      { vat: 'FR40303265045', country: 'FR', postalCode: '75001' },
      { vat: 'NL123456789B01', country: 'NL', postalCode: '1012 AB' },
      { vat: '900.123.456-7', country: 'CO', postalCode: '110111' },
      { vat: '', phone: '', website: '', postalCode: '' },
      { country: 'GB', postalCode: 'sw1a 1aa', vat: 'GB123456789' },
    ]) {
      const res = await createClient(merchantAdmin, 'acme-vending', fullClient(overrides));
      expect(res.status, `${JSON.stringify(overrides)} ${res.text}`).toBe(201);
    }
    expect((await createClient(merchantAdmin, 'acme-vending', { country: 'IT' })).body.details[0].path).toBe('body.name');
  });

  it('lists by name with page/size and cursor, total from the counter', async () => {
    const merchant = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body;
    for (const name of ['delta', 'Alpha', 'charlie', 'Echo', 'bravo'])
      expect((await createClient(superAdmin, merchant.id, { name, country: 'IT' })).status).toBe(201);
    const first = await api(`/merchants/${merchant.id}/clients?size=2`, { token: superAdmin });
    expect(first.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(first.body.items.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'bravo']);
    const next = await api(`/merchants/${merchant.id}/clients?size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(next.body.items.map((c: { name: string }) => c.name)).toEqual(['charlie', 'delta']);
    expect((await api(`/merchants/${merchant.id}/clients?size=2&page=2`, { token: superAdmin })).body.items).toEqual(next.body.items);
    const desc = await api(`/merchants/${merchant.id}/clients?size=1&ordType=desc`, { token: superAdmin });
    expect(desc.body.items[0].name).toBe('Echo');
  });

  it('all four roles read; only the super admin and merchant admins write; other merchants are 404', async () => {
    const client = (await createClient(merchantAdmin, 'acme-vending', { name: clientName(), country: 'IT' })).body;
    for (const token of [groupAdmin, merchantUser]) {
      expect((await api('/merchants/acme-vending/clients', { token })).status).toBe(200);
      expect((await api(`/merchants/acme-vending/clients/${client.id}`, { token })).status).toBe(200);
      expect((await createClient(token, 'acme-vending', { name: clientName(), country: 'IT' })).status).toBe(403);
      expect((await api(`/merchants/acme-vending/clients/${client.id}`, { method: 'DELETE', token })).status).toBe(403);
    }
    expect((await api('/merchants/bravo-distribucion/clients', { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/merchants/bravo-distribucion/clients/${client.id}`, { token: superAdmin })).status).toBe(404);
    expect((await createClient(merchantAdmin, 'bravo-distribucion', { name: clientName(), country: 'ES' })).body.code).toBe('MerchantNotFoundException');
    expect((await createClient(superAdmin, 'no-such-merchant', { name: clientName(), country: 'IT' })).body.code).toBe('MerchantNotFoundException');
    expect((await api('/merchants/no-such-merchant/clients', { token: superAdmin })).status).toBe(404);
  });
});

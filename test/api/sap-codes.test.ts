import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http';
import { newMediaId, newPaymentsMerchant, putMedia } from './support/customers';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let merchantId = '';
const code = (prefix = 'SAP') => `${prefix}-${randomUUID().slice(0, 8)}`;
const create = (body: Record<string, unknown>, token = superAdmin) => api('/sapcodes', { method: 'POST', token, body });

beforeAll(async () => {
  [superAdmin, merchantAdmin] = await Promise.all([tokenFor('NEBULARSUPERADMIN'), tokenFor('NEBULARMERCHANTADMIN')]);
  ({ merchantId } = await newPaymentsMerchant(superAdmin));
});

describe('SAP codes', () => {
  it('the super admin creates, lists, reads and edits a merchant’s SAP codes', async () => {
    const first = code('B');
    const created = await create({ merchantId, code: `  ${first} `, description: 'Office keys' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ merchantId, code: first, description: 'Office keys' });
    expect((await create({ merchantId, code: code('A') })).status).toBe(201);

    const list = await api(`/sapcodes?merchantId=${merchantId}`, { token: superAdmin });
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((s: { code: string }) => s.code[0])).toEqual(['A', 'B']);

    const path = `/sapcodes/${created.body.id}`;
    expect((await api(path, { token: superAdmin })).body).toEqual(created.body);
    const renamed = code('C');
    const updated = await api(path, { method: 'PUT', token: superAdmin, body: { code: renamed, description: 'Office keys, monthly' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, code: renamed, description: 'Office keys, monthly', createdAt: created.body.createdAt });
    // The old code is free again.
    expect((await create({ merchantId, code: first })).status).toBe(201);
  });

  it('a code is unique per merchant case-insensitively, also under concurrency; another merchant may have it', async () => {
    const value = code('U');
    const results = await Promise.all([0, 1, 2, 3].map((i) => create({ merchantId, code: i % 2 ? value.toLowerCase() : value })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('DuplicateSapCodeException');
    expect((await create({ merchantId: 'acme-vending', code: value })).status).toBe(201);
    const other = await create({ merchantId, code: code('O') });
    const clash = await api(`/sapcodes/${other.body.id}`, { method: 'PUT', token: superAdmin, body: { code: value.toLowerCase() } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DuplicateSapCodeException');
  });

  it('refuses bad input with the field, unknown ids and merchants with 404, and every role but the super admin with 403', async () => {
    for (const [body, path] of [
      [{ merchantId, code: '' }, 'body.code'],
      [{ merchantId, code: 'has spaces' }, 'body.code'],
      [{ merchantId, code: 'X'.repeat(41) }, 'body.code'],
      [{ merchantId, code: code(), description: 'd'.repeat(201) }, 'body.description'],
      [{ code: code() }, 'body.merchantId'],
      [{ merchantId, code: code(), extra: 1 }, 'body'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const noMerchant = await create({ merchantId: 'no-such-merchant', code: code() });
    expect(noMerchant.status).toBe(404);
    expect(noMerchant.body.code).toBe('MerchantNotFoundException');
    expect((await api('/sapcodes?merchantId=no-such-merchant', { token: superAdmin })).status).toBe(404);
    const missing = await api('/sapcodes/no-such-code', { token: superAdmin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('SapCodeNotFoundException');
    expect((await api('/sapcodes/no-such-code', { method: 'PUT', token: superAdmin, body: { code: code() } })).status).toBe(404);
    for (const role of ['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      const token = await tokenFor(role);
      expect((await api('/sapcodes?merchantId=acme-vending', { token })).status).toBe(403);
      expect((await create({ merchantId: 'acme-vending', code: code() }, token)).status).toBe(403);
    }
  });

  it('a media carries one of its merchant’s SAP codes or none; the super admin sets it', async () => {
    const value = code('M');
    expect((await create({ merchantId, code: value })).status).toBe(201);
    expect((await create({ merchantId: 'acme-vending', code: code('ACME') })).status).toBe(201);
    const mediaId = newMediaId();
    await putMedia(merchantId, mediaId);
    const path = `/medias/${mediaId}/sap-code?merchantId=${merchantId}`;
    const set = await api(path, { method: 'PUT', token: superAdmin, body: { sapCode: value.toLowerCase() } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.sapCode).toBe(value);
    expect((await api(`/medias/${mediaId}?merchantId=${merchantId}`, { token: superAdmin })).body.sapCode).toBe(value);

    const unknown = await api(path, { method: 'PUT', token: superAdmin, body: { sapCode: 'NOT-THEIRS' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UnknownMediaSapCodeException', details: [{ path: 'body.sapCode' }] });
    expect((await api(path, { method: 'PUT', token: superAdmin, body: {} })).status).toBe(400);
    expect((await api(path, { method: 'PUT', token: merchantAdmin, body: { sapCode: null } })).status).toBe(403);

    const cleared = await api(path, { method: 'PUT', token: superAdmin, body: { sapCode: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.sapCode).toBeNull();
    const noMedia = await api(`/medias/${newMediaId()}/sap-code?merchantId=${merchantId}`, { method: 'PUT', token: superAdmin, body: { sapCode: value } });
    expect(noMedia.status).toBe(404);
    expect(noMedia.body.code).toBe('MediaNotFoundException');
  });
});

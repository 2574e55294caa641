import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';

let admin = '';
beforeAll(async () => {
  admin = await tokenFor('NEBULARSUPERADMIN');
});

const create = (body: unknown) => api('/merchants', { method: 'POST', token: admin, body });

describe('merchants', () => {
  it('creates a merchant with defaults and reads it back', async () => {
    const body = merchantBody({ features: ['NEBULAR_VENDING', 'ADVANCED_ALARMS'] });
    const created = await create(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, screenConfigurationManagement: false, defaultWarranty: 24, extendedWarranty: 0, legalInfo: '' });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const read = await api(`/merchants/${created.body.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('lists all merchants by name case-insensitively, without the reserved "all distributors"', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const name of [`zz ${tag} beta`, `ZZ ${tag} Alpha`, `zz ${tag} Émile`]) expect((await create(merchantBody({ name }))).status).toBe(201);
    const all = await api('/merchants', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((m: { id: string }) => m.id)).not.toContain('ALL');
    const ours = all.body.map((m: { name: string }) => m.name).filter((n: string) => n.includes(tag));
    expect(ours).toEqual([`ZZ ${tag} Alpha`, `zz ${tag} beta`, `zz ${tag} Émile`]);
  });

  it('pages with page/size and with the cursor alike, total from the counter (real merchants only)', async () => {
    for (let i = 0; i < 5; i++) await create(merchantBody());
    const first = await api('/merchants?page=1&size=3', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    const all = await api('/merchants', { token: admin });
    expect(first.body.items.map((m: { id: string }) => m.id)).toEqual(all.body.slice(0, 3).map((m: { id: string }) => m.id));
    expect(first.body.total).toBe(all.body.length);
    const byPage = await api('/merchants?page=2&size=3', { token: admin });
    const byCursor = await api(`/merchants?page=2&size=3&cursor=${first.body.cursor}`, { token: admin });
    expect(byCursor.body.items.map((m: { id: string }) => m.id)).toEqual(byPage.body.items.map((m: { id: string }) => m.id));
    expect(byPage.body.items.map((m: { id: string }) => m.id)).toEqual(all.body.slice(3, 6).map((m: { id: string }) => m.id));
    const desc = await api('/merchants?page=1&size=3&ordType=desc', { token: admin });
    expect(desc.body.items[0].id).toBe(all.body.at(-1).id);
    expect(desc.body.items.map((m: { id: string }) => m.id)).not.toContain('ALL');
  });

  it('refuses a forged cursor and an unknown sort field', async () => {
    const forged = Buffer.from(JSON.stringify({ o: 2, k: { gsi1pk: 'USERS', pk: 'x', sk: 'y', gsi1sk: 'z' } })).toString('base64url');
    const res = await api(`/merchants?page=2&size=2&cursor=${forged}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidCursorException');
    const ord = await api('/merchants?page=1&size=2&ord=createdAt', { token: admin });
    expect(ord.status).toBe(400);
    expect(ord.body.details[0].path).toBe('query.ord');
  });

  it('keeps names unique case-insensitively: 409 on a duplicate', async () => {
    const name = `Unique ${randomUUID().slice(0, 8)}`;
    expect((await create(merchantBody({ name }))).status).toBe(201);
    const dup = await create(merchantBody({ name: `  ${name.toUpperCase()} ` }));
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DuplicateMerchantNameException');
  });

  it('keeps names unique under concurrency: 10 racing creates → one 201, nine 409', async () => {
    const name = `Race ${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => create(merchantBody({ name }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const all = await api('/merchants', { token: admin });
    expect(all.body.filter((m: { name: string }) => m.name === name)).toHaveLength(1);
  });

  it('updates a merchant; a rename frees the old name and cannot take a used one', async () => {
    const a = (await create(merchantBody())).body;
    const b = (await create(merchantBody())).body;
    const newName = `Renamed ${randomUUID().slice(0, 8)}`;
    const updated = await api(`/merchants/${a.id}`, {
      method: 'PUT',
      token: admin,
      body: merchantBody({ name: newName, currency: 'COP', country: 'CO', timezone: 'America/Bogota' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: a.id, name: newName, currency: 'COP', createdAt: a.createdAt });
    expect(updated.body.updatedAt >= a.updatedAt).toBe(true);
    expect((await create(merchantBody({ name: a.name }))).status).toBe(201);
    const clash = await api(`/merchants/${b.id}`, { method: 'PUT', token: admin, body: merchantBody({ name: newName }) });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DuplicateMerchantNameException');
    const missing = await api(`/merchants/${randomUUID()}`, { method: 'PUT', token: admin, body: merchantBody() });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('MerchantNotFoundException');
    const reserved = await api('/merchants/ALL', { method: 'PUT', token: admin, body: merchantBody() });
    expect(reserved.status).toBe(404);
  });

  it('validates bodies with field paths', async () => {
    const res = await create({ ...merchantBody(), name: '', currency: 'XXX', contactEmail: 'nope', timezone: 'Mars/Olympus', defaultWarranty: -1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ValidationException');
    const paths = res.body.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['body.contactEmail', 'body.currency', 'body.defaultWarranty', 'body.name', 'body.timezone']);
    const missing = await create({ name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['body.country', 'body.currency', 'body.contactEmail']));
  });

  it('refuses server-owned and unknown fields', async () => {
    for (const extra of [{ id: 'mine' }, { createdAt: '2020-01-01T00:00:00Z' }, { version: 3 }, { isAdmin: true }]) {
      const res = await create({ ...merchantBody(), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.details[0].message).toContain(Object.keys(extra)[0]);
    }
  });

  it('answers 404 for another merchant and for the reserved id to merchant roles', async () => {
    const mine = await api('/merchants/acme-vending', { token: await tokenFor('NEBULARMERCHANTUSER') });
    expect(mine.status).toBe(200);
    for (const id of ['bravo-distribucion', 'ALL', 'does-not-exist']) {
      const res = await api(`/merchants/${id}`, { token: await tokenFor('NEBULARMERCHANTADMIN') });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('MerchantNotFoundException');
    }
  });
});

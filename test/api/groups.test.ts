import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';
import { createUser, updateBodyOf } from './support/users';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
const groupName = (prefix = 'Group') => `${prefix} ${randomUUID().slice(0, 8)}`;
const createGroup = (token: string, merchantId: string, body: Record<string, unknown>) =>
  api(`/merchants/${merchantId}/groups`, { method: 'POST', token, body });

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
});

describe('groups', () => {
  it('a merchant admin creates, reads, renames and deletes a group of its merchant', async () => {
    const name = groupName();
    const created = await createGroup(merchantAdmin, 'acme-vending', { name: `  ${name} `, description: 'By the lake' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ merchantId: 'acme-vending', name, description: 'By the lake' });
    const path = `/merchants/acme-vending/groups/${created.body.id}`;
    expect((await api(path, { token: merchantAdmin })).body).toEqual(created.body);
    const renamed = await api(path, { method: 'PUT', token: merchantAdmin, body: { name: `${name} renamed` } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: `${name} renamed`, description: '', createdAt: created.body.createdAt });
    expect((await createGroup(merchantAdmin, 'acme-vending', { name })).status).toBe(201);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(path, { token: merchantAdmin })).status).toBe(404);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).body.code).toBe('GroupNotFoundException');
  });

  it('names are unique per merchant case-insensitively, also under concurrency; another merchant may reuse them', async () => {
    const name = groupName('Unique');
    expect((await createGroup(merchantAdmin, 'acme-vending', { name })).status).toBe(201);
    const dup = await createGroup(superAdmin, 'acme-vending', { name: name.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DuplicateGroupNameException');
    expect((await createGroup(superAdmin, 'bravo-distribucion', { name })).status).toBe(201);
    const race = groupName('Race');
    const results = await Promise.all(Array.from({ length: 10 }, () => createGroup(merchantAdmin, 'acme-vending', { name: race })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const other = (await createGroup(merchantAdmin, 'acme-vending', { name: groupName() })).body;
    const clash = await api(`/merchants/acme-vending/groups/${other.id}`, { method: 'PUT', token: merchantAdmin, body: { name: race.toLowerCase() } });
    expect(clash.status).toBe(409);
  });

  it('lists by name with page/size and cursor alike, total from the counter', async () => {
    const merchant = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body;
    for (const name of ['delta', 'Alpha', 'charlie', 'Echo', 'bravo']) expect((await createGroup(superAdmin, merchant.id, { name })).status).toBe(201);
    const first = await api(`/merchants/${merchant.id}/groups?size=2`, { token: superAdmin });
    expect(first.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(first.body.items.map((g: { name: string }) => g.name)).toEqual(['Alpha', 'bravo']);
    const byCursor = await api(`/merchants/${merchant.id}/groups?size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    const byPage = await api(`/merchants/${merchant.id}/groups?size=2&page=2`, { token: superAdmin });
    expect(byCursor.body.items.map((g: { name: string }) => g.name)).toEqual(['charlie', 'delta']);
    expect(byPage.body.items).toEqual(byCursor.body.items);
    const desc = await api(`/merchants/${merchant.id}/groups?size=2&ordType=desc`, { token: superAdmin });
    expect(desc.body.items.map((g: { name: string }) => g.name)).toEqual(['Echo', 'delta']);
    const foreignCursor = await api(`/merchants/acme-vending/groups?size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(foreignCursor.body.code).toBe('InvalidCursorException');
  });

  it('a group admin sees only its own groups: the list narrows, another group is 404, it cannot write', async () => {
    const list = await api('/merchants/acme-vending/groups', { token: groupAdmin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((g: { id: string }) => g.id)).toEqual(['acme-north']);
    expect(list.body.total).toBe(1);
    expect((await api('/merchants/acme-vending/groups/acme-north', { token: groupAdmin })).status).toBe(200);
    const other = await api('/merchants/acme-vending/groups/acme-south', { token: groupAdmin });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('GroupNotFoundException');
    expect((await api('/merchants/acme-vending/groups/acme-south', { token: merchantAdmin })).status).toBe(200);
    expect((await createGroup(groupAdmin, 'acme-vending', { name: groupName() })).status).toBe(403);
    expect((await api('/merchants/acme-vending/groups/acme-north', { method: 'DELETE', token: groupAdmin })).status).toBe(403);
    expect((await api('/merchants/bravo-distribucion/groups', { token: groupAdmin })).status).toBe(404);
  });

  it('another merchant’s groups are 404 to merchant roles; the merchant user has no group routes; unknown merchants are 404', async () => {
    for (const path of ['/merchants/bravo-distribucion/groups', '/merchants/bravo-distribucion/groups/bravo-centro']) {
      const res = await api(path, { token: merchantAdmin });
      expect(res.status, path).toBe(404);
    }
    expect((await createGroup(merchantAdmin, 'bravo-distribucion', { name: groupName() })).body.code).toBe('MerchantNotFoundException');
    expect((await api('/merchants/acme-vending/groups', { token: await tokenFor('NEBULARMERCHANTUSER') })).status).toBe(403);
    expect((await api('/merchants/no-such-merchant/groups', { token: superAdmin })).status).toBe(404);
    expect((await createGroup(superAdmin, 'no-such-merchant', { name: groupName() })).body.code).toBe('MerchantNotFoundException');
  });

  it('a group a user still has cannot be deleted (GroupInUseException); once removed from the user it can', async () => {
    const group = (await createGroup(merchantAdmin, 'acme-vending', { name: groupName('InUse') })).body;
    const user = await createUser(merchantAdmin, { role: 'NEBULARGROUPADMIN', groupIds: [group.id] });
    const path = `/merchants/acme-vending/groups/${group.id}`;
    const refused = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('GroupInUseException');
    const moved = await api(`/users/${user.id}`, { method: 'PUT', token: merchantAdmin, body: updateBodyOf(user, { groupIds: ['acme-north'] }) });
    expect(moved.status).toBe(200);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    const gone = await api(`/users/${user.id}/associate-group`, { method: 'PUT', token: merchantAdmin, body: { groupId: group.id } });
    expect(gone.status).toBe(400);
  });

  it('validates names', async () => {
    const res = await createGroup(merchantAdmin, 'acme-vending', { name: '   ', description: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.description', 'body.name']);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { newSerial } from './support/devices';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
const profileName = (prefix = 'Profile') => `${prefix} ${randomUUID().slice(0, 8)}`;
const NIGHTS = [{ weekdays: [1, 2, 3, 4, 5], from: '22:00', to: '23:59' }];
const create = (token: string, merchantId: string, body: Record<string, unknown>) =>
  api(`/merchants/${merchantId}/no-vend-profiles`, { method: 'POST', token, body });
const associate = (token: string, serial: string, noVendProfileId: string | null) =>
  api(`/pos/${serial}/associate-no-vend-profile`, { method: 'PUT', token, body: { noVendProfileId } });

async function acmeMachine(groupId?: string) {
  const joined = await api('/pos/join', {
    method: 'POST',
    token: superAdmin,
    body: { serial: newSerial(), pin: DEMO_PINS['acme-vending'], name: profileName('Machine') },
  });
  expect(joined.status, joined.text).toBe(201);
  if (groupId) expect((await api(`/pos/${joined.body.serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
  return joined.body.serial as string;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
});

describe('no-vend profiles', () => {
  it('a merchant admin creates, reads, updates and deletes a profile with its periods', async () => {
    const body = { name: profileName(), description: 'Closed at night', periods: [...NIGHTS, { weekdays: [6, 7], from: '00:00', to: '08:30' }] };
    const created = await create(merchantAdmin, 'acme-vending', { ...body, name: `  ${body.name} ` });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, merchantId: 'acme-vending', machines: 0 });
    const path = `/merchants/acme-vending/no-vend-profiles/${created.body.id}`;
    expect((await api(path, { token: merchantUser })).body).toEqual(created.body);
    const updated = await api(path, { method: 'PUT', token: merchantAdmin, body: { name: `${body.name} 2`, periods: NIGHTS } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: `${body.name} 2`, description: '', periods: NIGHTS, createdAt: created.body.createdAt });
    expect((await create(merchantAdmin, 'acme-vending', { name: body.name, periods: [] })).status).toBe(201);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    const gone = await api(path, { token: merchantAdmin });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('NoVendProfileNotFoundException');
  });

  it('names are unique per merchant (409 with a clear message), also under concurrency and on rename', async () => {
    const name = profileName('Unique');
    expect((await create(merchantAdmin, 'acme-vending', { name, periods: [] })).status).toBe(201);
    const dup = await create(superAdmin, 'acme-vending', { name: name.toUpperCase(), periods: [] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DuplicateNoVendProfileNameException', message: 'The distributor already has a no-vend profile with this name' });
    expect((await create(superAdmin, 'bravo-distribucion', { name, periods: [] })).status).toBe(201);
    const race = profileName('Race');
    const results = await Promise.all(Array.from({ length: 6 }, () => create(merchantAdmin, 'acme-vending', { name: race, periods: [] })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(5).fill(409)]);
    const other = (await create(merchantAdmin, 'acme-vending', { name: profileName(), periods: [] })).body;
    const clash = await api(`/merchants/acme-vending/no-vend-profiles/${other.id}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: { name: race.toLowerCase(), periods: [] },
    });
    expect(clash.status).toBe(409);
  });

  it('validates periods (weekdays, HH:mm, from < to, at most 14) and strict bodies', async () => {
    const period = NIGHTS[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ periods: [{ ...period, weekdays: [] }] }, 'body.periods.0.weekdays'],
      [{ periods: [{ ...period, weekdays: [0] }] }, 'body.periods.0.weekdays.0'],
      [{ periods: [{ ...period, weekdays: [1, 1] }] }, 'body.periods.0.weekdays'],
      [{ periods: [{ ...period, from: '7:00' }] }, 'body.periods.0.from'],
      [{ periods: [{ ...period, to: '24:00' }] }, 'body.periods.0.to'],
      [{ periods: [{ ...period, from: '23:00', to: '22:00' }] }, 'body.periods.0.to'],
      [{ periods: [{ ...period, from: '22:00', to: '22:00' }] }, 'body.periods.0.to'],
      [{ periods: [{ ...period, extra: 1 }] }, 'body.periods.0'],
      [{ periods: Array(15).fill(period) }, 'body.periods'],
      [{ periods: [], extra: true }, 'body'],
      [{ periods: [], name: ' ' }, 'body.name'],
    ];
    for (const [overrides, path] of cases) {
      const res = await create(merchantAdmin, 'acme-vending', { name: profileName(), ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(
        res.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    expect((await create(merchantAdmin, 'acme-vending', { name: profileName(), periods: Array(14).fill(period) })).status).toBe(201);
  });

  it('lists by name with page/size and cursor, total from the counter', async () => {
    const merchant = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body;
    for (const name of ['delta', 'Alpha', 'charlie', 'bravo']) expect((await create(superAdmin, merchant.id, { name, periods: [] })).status).toBe(201);
    const first = await api(`/merchants/${merchant.id}/no-vend-profiles?size=3`, { token: superAdmin });
    expect(first.body).toMatchObject({ page: 1, size: 3, total: 4 });
    expect(first.body.items.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'bravo', 'charlie']);
    const next = await api(`/merchants/${merchant.id}/no-vend-profiles?size=3&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(next.body.items.map((p: { name: string }) => p.name)).toEqual(['delta']);
    expect((await api(`/merchants/${merchant.id}/no-vend-profiles?size=1&ordType=desc`, { token: superAdmin })).body.items[0].name).toBe('delta');
  });

  it('association: the profile must be of the machine’s merchant; its machines count moves; in use it cannot be deleted', async () => {
    const serial = await acmeMachine();
    const profile = (await create(merchantAdmin, 'acme-vending', { name: profileName(), periods: NIGHTS })).body;
    const path = `/merchants/acme-vending/no-vend-profiles/${profile.id}`;
    const foreign = (await create(superAdmin, 'bravo-distribucion', { name: profileName(), periods: [] })).body;
    const refused = await associate(merchantAdmin, serial, foreign.id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NoVendProfileNotFoundException');
    expect((await associate(superAdmin, serial, foreign.id)).status).toBe(404);

    const done = await associate(merchantAdmin, serial, profile.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.noVendProfileId).toBe(profile.id);
    expect((await api(`/pos/${serial}`, { token: merchantUser })).body.noVendProfileId).toBe(profile.id);
    expect((await api(path, { token: merchantAdmin })).body.machines).toBe(1);
    const inUse = await api(path, { method: 'DELETE', token: merchantAdmin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('NoVendProfileInUseException');

    // Moving to another profile moves the count; deleting the machine releases it.
    const other = (await create(merchantAdmin, 'acme-vending', { name: profileName(), periods: [] })).body;
    expect((await associate(merchantAdmin, serial, other.id)).status).toBe(200);
    expect((await api(path, { token: merchantAdmin })).body.machines).toBe(0);
    expect((await api(`/merchants/acme-vending/no-vend-profiles/${other.id}`, { token: merchantAdmin })).body.machines).toBe(1);
    expect((await api(`/pos/${serial}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(`/merchants/acme-vending/no-vend-profiles/${other.id}`, { token: merchantAdmin })).body.machines).toBe(0);
    expect((await api(path, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
    expect((await api(`/merchants/acme-vending/no-vend-profiles/${other.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
  });

  it('roles: all read, merchant users do not write; a group admin associates only its groups’ machines; other merchants are 404', async () => {
    const profile = (await create(groupAdmin, 'acme-vending', { name: profileName('Group admin'), periods: NIGHTS })).body;
    expect(profile.id).toEqual(expect.any(String));
    expect((await create(merchantUser, 'acme-vending', { name: profileName(), periods: [] })).status).toBe(403);
    const path = `/merchants/acme-vending/no-vend-profiles/${profile.id}`;
    expect((await api(path, { method: 'PUT', token: merchantUser, body: { name: 'x', periods: [] } })).status).toBe(403);
    expect((await api(path, { method: 'DELETE', token: merchantUser })).status).toBe(403);
    expect((await api('/merchants/acme-vending/no-vend-profiles', { token: merchantUser })).status).toBe(200);

    const north = await acmeMachine('acme-north');
    const group = await api('/merchants/acme-vending/groups', { method: 'POST', token: superAdmin, body: { name: profileName('Group') } });
    const elsewhere = await acmeMachine(group.body.id);
    expect((await associate(groupAdmin, north, profile.id)).status).toBe(200);
    const hidden = await associate(groupAdmin, elsewhere, profile.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('PosNotFoundException');
    expect((await associate(merchantUser, north, null)).status).toBe(403);

    expect((await api('/merchants/bravo-distribucion/no-vend-profiles', { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/merchants/bravo-distribucion/no-vend-profiles/${profile.id}`, { token: superAdmin })).status).toBe(404);
    expect((await create(merchantAdmin, 'bravo-distribucion', { name: profileName(), periods: [] })).body.code).toBe('MerchantNotFoundException');
    expect((await create(superAdmin, 'no-such-merchant', { name: profileName(), periods: [] })).body.code).toBe('MerchantNotFoundException');
  });
});

import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MACHINES } from '../../infra/local/demo-data';
import { connectDevice, telemetryMessage } from '../../infra/local/simulator';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { INLINE_PURGE_ITEMS } from '../../functions/core/devices/purge';
import { buildMachinePurgeDeps } from '../../functions/triggers/machine-purge-sweep/deps';
import { machinePurgeSweepHandler } from '../../functions/triggers/machine-purge-sweep/handler';
import { stackEnvironment } from '../../infra/local/stack-process';
import { countPrefix, waitFor } from './support/devices';
import { api } from './support/http';
import { merchantBody, settingsBody } from './support/samples';
import { idToken, stack, stackDeps, tokenFor } from './support/stack';
import { FEATURE_FLAGS } from '#schemas/features';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
const deps = stackDeps();

/** A serial nobody used yet. */
const newSerial = (type = 'CENG') => `${type}-${String(randomInt(10_000_000, 99_999_999))}`;
const freshPin = () => String(randomInt(40_000_000, 99_999_999));

/** A merchant of its own with a PIN, so lists and counts in these tests see only their machines. */
async function newMerchant(): Promise<{ id: string; pin: string }> {
  const created = await api('/merchants', {
    method: 'POST',
    token: superAdmin,
    body: merchantBody({ defaultWarranty: 24, extendedWarranty: 12, features: [...FEATURE_FLAGS] }),
  });
  expect(created.status).toBe(201);
  const pin = freshPin();
  const saved = await api(`/merchants/${created.body.id}/settings`, {
    method: 'PUT',
    token: superAdmin,
    body: { ...settingsBody(), deviceAssociationPin: pin },
  });
  expect(saved.status, saved.text).toBe(200);
  return { id: created.body.id, pin };
}

const join = (token: string, body: Record<string, unknown>) => api('/pos/join', { method: 'POST', token, body });

async function joinMachine(pin: string, name: string, serial = newSerial()) {
  const res = await join(superAdmin, { serial, pin, name });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any> & { serial: string };
}

const names = (res: { body: { items: Array<{ name: string }> } }) => res.body.items.map((p) => p.name);
const put = (token: string, path: string, body?: unknown) => api(path, { method: 'PUT', token, ...(body !== undefined ? { body } : {}) });

async function createGroup(merchantId: string, name = `G ${randomUUID().slice(0, 6)}`) {
  const res = await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
  bravoAdmin = await idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!);
});

afterAll(() => deps.doc.destroy());

describe('joining: the merchant PIN registers a device', () => {
  it('joins with defaults; the same merchant again answers the machine; another merchant’s serial is 409', async () => {
    const m = await newMerchant();
    const serial = newSerial('CUNI');
    const res = await join(superAdmin, { serial, pin: m.pin, name: '  Lobby  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      id: serial,
      serial,
      merchantId: m.id,
      name: 'Lobby',
      deviceType: 'CUNI',
      connection: 2,
      status: 1,
      hidden: false,
      groupId: null,
      clientId: null,
      lastPingAt: null,
      signalLevel: null,
      manageStock: false,
      resetAt: null,
      macs: [],
    });
    // Warranty: the merchant's default + extended months from today.
    const expected = new Date();
    expected.setUTCMonth(expected.getUTCMonth() + 36);
    expect(res.body.warrantyEnd).toBe(expected.toISOString().slice(0, 10));
    const again = await join(superAdmin, { serial, pin: m.pin, name: 'Other name' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const other = await newMerchant();
    const taken = await join(superAdmin, { serial, pin: other.pin, name: 'Thief' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('DeviceAlreadyRegisteredException');
  });

  it('machine names are unique per merchant case-insensitively (409 duplicate machine name), also under concurrency', async () => {
    const m = await newMerchant();
    await joinMachine(m.pin, 'Büro Süd');
    const dup = await join(superAdmin, { serial: newSerial(), pin: m.pin, name: 'buro sud' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DuplicateMachineNameException', message: 'duplicate machine name' });
    const other = await newMerchant();
    expect((await join(superAdmin, { serial: newSerial(), pin: other.pin, name: 'Büro Süd' })).status).toBe(201);
    const race = await Promise.all(Array.from({ length: 8 }, () => join(superAdmin, { serial: newSerial(), pin: m.pin, name: 'Race' })));
    expect(race.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
    expect((await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body.total).toBe(2);
  });

  it('an unknown PIN, or one of a merchant the caller does not manage, is the same 400; bad serials and PINs are 400', async () => {
    const unknown = await join(superAdmin, { serial: newSerial(), pin: '00000001', name: 'X' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('InvalidDevicePinException');
    const m = await newMerchant();
    const foreign = await join(merchantAdmin, { serial: newSerial(), pin: m.pin, name: 'X' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ ...unknown.body, correlationId: foreign.body.correlationId });
    for (const body of [
      { serial: 'XXXX-00000001', pin: m.pin, name: 'X' },
      { serial: 'CENG-123', pin: m.pin, name: 'X' },
      { serial: newSerial(), pin: '1234', name: 'X' },
      { serial: newSerial(), pin: m.pin, name: ' ' },
    ]) {
      expect((await join(superAdmin, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await join(groupAdmin, { serial: newSerial(), pin: m.pin, name: 'X' })).status).toBe(403);
    expect((await join(merchantUser, { serial: newSerial(), pin: m.pin, name: 'X' })).status).toBe(403);
  });

  it('a merchant admin joins with its own merchant’s PIN', async () => {
    const res = await join(merchantAdmin, { serial: newSerial(), pin: '11223344', name: `Acme join ${randomUUID().slice(0, 6)}` });
    expect(res.status, res.text).toBe(201);
    expect(res.body.merchantId).toBe('acme-vending');
    expect((await api(`/pos/${res.body.serial}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
  });

  it('a PIN belongs to one merchant (409 DuplicateDevicePinException); changing it frees the old one', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const clash = await api(`/merchants/${b.id}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin: a.pin } });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DuplicateDevicePinException');
    const moved = freshPin();
    expect(
      (await api(`/merchants/${a.id}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin: moved } })).status,
    ).toBe(200);
    expect(
      (await api(`/merchants/${b.id}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin: a.pin } })).status,
    ).toBe(200);
    const serial = newSerial();
    expect((await join(superAdmin, { serial, pin: a.pin, name: 'Now B' })).body.merchantId).toBe(b.id);
    expect((await join(superAdmin, { serial: newSerial(), pin: moved, name: 'Now A' })).body.merchantId).toBe(a.id);
  });
});

describe('lists', () => {
  let m: { id: string; pin: string };
  const serials: Record<string, string> = {};
  beforeAll(async () => {
    m = await newMerchant();
    for (const name of ['delta', 'Alpha', 'charlie', 'Echo', 'bravo', 'Foxtrot']) serials[name] = (await joinMachine(m.pin, name)).serial;
  });

  it('pages by name with and without the cursor; total from the counter; desc', async () => {
    const first = await api(`/pos?merchantId=${m.id}&size=2`, { token: superAdmin });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 2, total: 6 });
    expect(names(first)).toEqual(['Alpha', 'bravo']);
    const byCursor = await api(`/pos?merchantId=${m.id}&size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    const byPage = await api(`/pos?merchantId=${m.id}&size=2&page=2`, { token: superAdmin });
    expect(names(byCursor)).toEqual(['charlie', 'delta']);
    expect(byPage.body.items).toEqual(byCursor.body.items);
    const last = await api(`/pos?merchantId=${m.id}&size=2&page=3&cursor=${byCursor.body.cursor}`, { token: superAdmin });
    expect(names(last)).toEqual(['Echo', 'Foxtrot']);
    expect(last.body.cursor).toBeUndefined();
    expect(names(await api(`/pos?merchantId=${m.id}&size=3&ordType=desc`, { token: superAdmin }))).toEqual(['Foxtrot', 'Echo', 'delta']);
    const beyond = await api(`/pos?merchantId=${m.id}&size=5&page=3`, { token: superAdmin });
    expect(beyond.body.items).toEqual([]);
    const foreignCursor = await api(`/pos?merchantId=acme-vending&size=2&page=2&cursor=${first.body.cursor}`, { token: superAdmin });
    expect(foreignCursor.body.code).toBe('InvalidCursorException');
  });

  it('items carry what the device reported: its first ping shows in the list (copy) and the status (TELEMETRY item)', async () => {
    const device = await connectDevice(stack.mqtt, serials.Alpha!);
    try {
      const ping = telemetryMessage(serials.Alpha!, { sentAt: '2026-03-01T10:00:00.000Z', signalLevel: 71, temperature: 4.5, firmwareVersion: '2.4.1' });
      // The simulator picks the network from the serial's digits; this test's serial is random.
      await device.publish('telemetry', { ...ping, payload: { ...ping.payload, connection: { ...ping.payload.connection, networkType: '4G' } } });
    } finally {
      await device.client.endAsync();
    }
    const reported = {
      lastPingAt: '2026-03-01T10:00:00.000Z',
      signalLevel: 71,
      temperature: 4.5,
      connection: 1,
      firmwareVersion: '2.4.1',
      networkType: '4G',
      publicIp: expect.stringMatching(/^93\.41\./),
    };
    const listed = await waitFor(async () => {
      const res = await api(`/pos?merchantId=${m.id}&size=1`, { token: superAdmin });
      return res.body.items[0]?.lastPingAt ? res.body.items[0] : undefined;
    }, 'the ping in the list');
    expect(listed).toMatchObject({ name: 'Alpha', ...reported, lastSaleAt: null });
    const status = await api(`/pos/${serials.Alpha}/status`, { token: superAdmin });
    expect(status.body).toEqual({ serial: serials.Alpha, status: 1, lastSaleAt: null, lastAuditAt: null, ...reported, publicIp: listed.publicIp });
  });

  it('search (≥ 3 letters) matches the name anywhere or the serial; fewer letters is 400', async () => {
    expect(names(await api(`/pos?merchantId=${m.id}&search=LPH`, { token: superAdmin }))).toEqual(['Alpha']);
    const bySerial = await api(`/pos?merchantId=${m.id}&search=${serials.Echo!.slice(-6).toLowerCase()}`, { token: superAdmin });
    expect(names(bySerial)).toEqual(['Echo']);
    expect(bySerial.body.total).toBe(1);
    expect((await api(`/pos?merchantId=${m.id}&search=al`, { token: superAdmin })).status).toBe(400);
  });

  it('hidden machines leave the list and come back; hidden=true lists them; counts follow', async () => {
    expect((await put(superAdmin, `/pos/${serials.bravo}/hide`)).body.hidden).toBe(true);
    expect(names(await api(`/pos?merchantId=${m.id}&size=3`, { token: superAdmin }))).toEqual(['Alpha', 'charlie', 'delta']);
    const hidden = await api(`/pos?merchantId=${m.id}&hidden=true`, { token: superAdmin });
    expect(names(hidden)).toEqual(['bravo']);
    expect(hidden.body.total).toBe(1);
    expect((await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body).toMatchObject({ total: 6, visible: 5, hidden: 1 });
    expect((await api(`/pos?merchantId=${m.id}`, { token: superAdmin })).body.total).toBe(5);
    expect((await put(superAdmin, `/pos/${serials.bravo}/unhide`)).body.hidden).toBe(false);
    expect((await api(`/pos?merchantId=${m.id}`, { token: superAdmin })).body.total).toBe(6);
  });

  it('filters: planogram, client, created and warranty ranges; groupIds merge several groups in name order', async () => {
    const p = (name: string) => `/pos/${serials[name]}`;
    const current = (await api(p('charlie'), { token: superAdmin })).body;
    const planogram = await api(`/merchants/${m.id}/planograms`, {
      method: 'POST',
      token: superAdmin,
      body: { name: 'Snacks', planogramType: 'A', lines: [] },
    });
    expect(
      (await put(superAdmin, p('charlie'), { name: 'charlie', networkType: 'Wifi', warrantyEnd: '2030-01-15', planogramId: planogram.body.id })).status,
    ).toBe(200);
    expect(names(await api(`/pos?merchantId=${m.id}&planogramId=${planogram.body.id}`, { token: superAdmin }))).toEqual(['charlie']);
    expect(names(await api(`/pos?merchantId=${m.id}&warrantyDateFrom=2030-01-15&warrantyDateTo=2030-01-15`, { token: superAdmin }))).toEqual(['charlie']);
    const today = current.createdAt.slice(0, 10);
    expect((await api(`/pos?merchantId=${m.id}&createdDateFrom=${today}&createdDateTo=${today}`, { token: superAdmin })).body.total).toBe(6);
    expect((await api(`/pos?merchantId=${m.id}&createdDateTo=2000-01-01`, { token: superAdmin })).body.total).toBe(0);
    const client = await api(`/merchants/${m.id}/clients`, { method: 'POST', token: superAdmin, body: { name: 'Hotel Bellavista', country: 'IT' } });
    expect((await put(superAdmin, `${p('delta')}/associate-client`, { clientId: client.body.id })).body.clientId).toBe(client.body.id);
    expect(names(await api(`/pos?merchantId=${m.id}&clientId=${client.body.id}`, { token: superAdmin }))).toEqual(['delta']);

    const g1 = await createGroup(m.id);
    const g2 = await createGroup(m.id);
    for (const [name, g] of [
      ['Alpha', g1],
      ['Echo', g1],
      ['bravo', g2],
      ['Foxtrot', g2],
    ] as const) {
      expect((await put(superAdmin, `${p(name)}/associate-group`, { groupId: g })).status).toBe(200);
    }
    const both = await api(`/pos?merchantId=${m.id}&groupIds=${g1},${g2}&size=3`, { token: superAdmin });
    expect(names(both)).toEqual(['Alpha', 'bravo', 'Echo']);
    expect(both.body.total).toBe(4);
    const next = await api(`/pos?merchantId=${m.id}&groupIds=${g1},${g2}&size=3&page=2&cursor=${both.body.cursor}`, { token: superAdmin });
    expect(names(next)).toEqual(['Foxtrot']);
    expect(next.body.cursor).toBeUndefined();
    expect(names(await api(`/pos?merchantId=${m.id}&groupIds=${g1},${g2}&size=3&page=2`, { token: superAdmin }))).toEqual(['Foxtrot']);
    expect(names(await api(`/pos?merchantId=${m.id}&groupIds=${g1},${g2}&size=2&ordType=desc`, { token: superAdmin }))).toEqual(['Foxtrot', 'Echo']);
    expect(names(await api(`/pos?merchantId=${m.id}&groupIds=${g2}&search=fox`, { token: superAdmin }))).toEqual(['Foxtrot']);
    expect((await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body).toMatchObject({ total: 6, visible: 6, ok: 6 });

    // A group with machines cannot be deleted.
    const refused = await api(`/merchants/${m.id}/groups/${g2}`, { method: 'DELETE', token: superAdmin });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('GroupInUseException');
  });

  it('/pos/list gives every visible machine for selectors; /pos-csv exports the filtered list', async () => {
    const all = await api(`/pos/list?merchantId=${m.id}`, { token: superAdmin });
    expect(all.status).toBe(200);
    expect(all.body.map((p: { name: string }) => p.name)).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'Echo', 'Foxtrot']);
    expect(Object.keys(all.body[0]).sort()).toEqual(['groupId', 'name', 'serial']);
    const csv = await api(`/pos-csv?merchantId=${m.id}&search=alpha`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`pos-${m.id}.csv`);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]!.startsWith('serial,name,deviceType')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${serials.Alpha},Alpha,CENG,4G,1,1,false,2026-03-01T10:00:00.000Z`);
  });

  it('merchantId is required; "all distributors" has no machine list; foreign merchants are 404', async () => {
    expect((await api('/pos', { token: superAdmin })).body.details[0].path).toBe('query.merchantId');
    const all = await api('/pos?merchantId=ALL', { token: superAdmin });
    expect(all.status).toBe(400);
    expect(all.body.code).toBe('MerchantRequiredException');
    for (const path of [
      `/pos?merchantId=${m.id}`,
      `/pos/list?merchantId=${m.id}`,
      `/pos/counts?merchantId=${m.id}`,
      `/pos-csv?merchantId=${m.id}`,
      `/pos/${serials.Alpha}`,
    ]) {
      const res = await api(path, { token: merchantAdmin });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('group admins see only the machines of their groups, everywhere', () => {
  const north = DEMO_MACHINES.filter((d) => d.groupId === 'acme-north');
  const south = DEMO_MACHINES.filter((d) => d.groupId === 'acme-south');

  it('list, counts, /pos/list and CSV are narrowed to acme-north', async () => {
    // Other test files may add machines to acme-north: the demo ones are there, nothing of another group is.
    const list = await api('/pos?merchantId=acme-vending&size=100', { token: groupAdmin });
    expect(list.status).toBe(200);
    const listed: string[] = list.body.items.map((p: { serial: string }) => p.serial);
    for (const d of north) expect(listed).toContain(d.serial);
    expect(list.body.items.every((p: { groupId: string }) => p.groupId === 'acme-north')).toBe(true);
    expect(list.body.total).toBe(listed.length);
    const merchantList = await api('/pos?merchantId=acme-vending&size=100', { token: merchantAdmin });
    expect(merchantList.body.items.filter((p: { groupId: string }) => p.groupId === 'acme-north').map((p: { serial: string }) => p.serial)).toEqual(listed);
    expect((await api('/pos?merchantId=acme-vending&groupIds=acme-south', { token: groupAdmin })).body).toMatchObject({ items: [], total: 0 });
    const counts = await api('/pos/counts?merchantId=acme-vending', { token: groupAdmin });
    expect(counts.body).toMatchObject({ total: listed.length, hidden: 0, visible: listed.length });
    const merchantCounts = await api('/pos/counts?merchantId=acme-vending', { token: merchantAdmin });
    expect(merchantCounts.body.total).toBeGreaterThan(listed.length);
    const selector = await api('/pos/list?merchantId=acme-vending', { token: groupAdmin });
    expect(selector.body.map((p: { serial: string }) => p.serial)).toEqual(listed);
    const csv = await api('/pos-csv?merchantId=acme-vending', { token: groupAdmin });
    expect(csv.text.trim().split('\r\n')).toHaveLength(listed.length + 1);
    for (const d of south) expect(csv.text).not.toContain(d.serial);
    expect((await api('/pos?merchantId=bravo-distribucion', { token: groupAdmin })).status).toBe(404);
  });

  it('another group’s machine is 404 on every call; its own are readable and some writes allowed', async () => {
    const other = south[0]!.serial;
    for (const [method, path, body] of [
      ['GET', `/pos/${other}`],
      ['GET', `/pos/${other}/status`],
      ['GET', `/pos/${other}/notes`],
      ['POST', `/pos/${other}/notes`, { note: 'hi' }],
      ['GET', `/pos/${other}/qrcode`],
      ['GET', `/pos/${other}/qrcode/image`],
      ['PUT', `/pos/${other}/hide`],
      ['PUT', `/pos/${other}/manage-stock`, { manageStock: true }],
    ] as const) {
      const res = await api(path, { method, token: groupAdmin, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('PosNotFoundException');
    }
    const own = north[0]!.serial;
    expect((await api(`/pos/${own}`, { token: groupAdmin })).body.serial).toBe(own);
    expect((await put(groupAdmin, `/pos/${own}/manage-stock`, { manageStock: true })).body.manageStock).toBe(true);
    expect((await put(groupAdmin, `/pos/${own}/manage-stock`, { manageStock: false })).body.manageStock).toBe(false);
    expect((await put(groupAdmin, `/pos/${own}/associate-group`, { groupId: 'acme-south' })).status).toBe(403);
    expect((await api(`/pos/${own}`, { method: 'DELETE', token: groupAdmin })).status).toBe(403);
  });
});

describe('one machine', () => {
  let m: { id: string; pin: string };
  beforeAll(async () => {
    m = await newMerchant();
  });

  it('update renames (unique), sets network type, warranty, planogram; the old name is free again', async () => {
    const a = await joinMachine(m.pin, 'First');
    const b = await joinMachine(m.pin, 'Second');
    const updated = await put(superAdmin, `/pos/${a.serial}`, { name: 'First renamed', networkType: '5G', warrantyEnd: '2029-12-31', planogramId: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'First renamed', networkType: '5G', warrantyEnd: '2029-12-31', createdAt: a.createdAt });
    expect(updated.body.updatedAt > a.updatedAt).toBe(true);
    expect((await api(`/pos/${a.serial}`, { token: superAdmin })).body).toEqual(updated.body);
    const clash = await put(superAdmin, `/pos/${b.serial}`, { name: 'FIRST RENAMED', networkType: null, warrantyEnd: null, planogramId: null });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DuplicateMachineNameException');
    expect((await put(superAdmin, `/pos/${b.serial}`, { name: 'First', networkType: null, warrantyEnd: null, planogramId: null })).status).toBe(200);
    const bad = await put(superAdmin, `/pos/${a.serial}`, { name: 'x', networkType: '6G', warrantyEnd: '31/12/2029', planogramId: null, serial: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body', 'body.networkType', 'body.warrantyEnd']);
  });

  it('associate group, client and no-vend profile (null removes); another merchant’s group or client is 400', async () => {
    const pos = await joinMachine(m.pin, 'Assoc');
    const path = `/pos/${pos.serial}`;
    const g = await createGroup(m.id);
    expect((await put(superAdmin, `${path}/associate-group`, { groupId: g })).body.groupId).toBe(g);
    expect((await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body.total).toBeGreaterThan(0);
    const foreignGroup = await put(superAdmin, `${path}/associate-group`, { groupId: 'bravo-centro' });
    expect(foreignGroup.status).toBe(400);
    expect(foreignGroup.body.code).toBe('InvalidPosGroupException');
    expect((await put(superAdmin, `${path}/associate-group`, { groupId: null })).body.groupId).toBe(null);
    expect((await api(`/merchants/${m.id}/groups/${g}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);

    const client = (
      await api(`/merchants/${m.id}/clients`, { method: 'POST', token: superAdmin, body: { name: `Client ${randomUUID().slice(0, 6)}`, country: 'IT' } })
    ).body;
    expect((await put(merchantAdmin, `${path}/associate-client`, { clientId: client.id })).status).toBe(404);
    expect((await put(superAdmin, `${path}/associate-client`, { clientId: client.id })).body.clientId).toBe(client.id);
    expect((await api(`/merchants/${m.id}/clients/${client.id}`, { token: superAdmin })).body.machines).toBe(1);
    const inUse = await api(`/merchants/${m.id}/clients/${client.id}`, { method: 'DELETE', token: superAdmin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('ClientInUseException');
    const unknownClient = await put(superAdmin, `${path}/associate-client`, { clientId: 'no-such-client' });
    expect(unknownClient.body.code).toBe('InvalidPosClientException');
    expect((await put(superAdmin, `${path}/associate-client`, { clientId: null })).body.clientId).toBe(null);
    expect((await api(`/merchants/${m.id}/clients/${client.id}`, { token: superAdmin })).body.machines).toBe(0);
    expect((await api(`/merchants/${m.id}/clients/${client.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);

    const unknownProfile = await put(superAdmin, `${path}/associate-no-vend-profile`, { noVendProfileId: 'nvp-1' });
    expect(unknownProfile.status).toBe(404);
    expect(unknownProfile.body.code).toBe('NoVendProfileNotFoundException');
    const profile = (
      await api(`/merchants/${m.id}/no-vend-profiles`, { method: 'POST', token: superAdmin, body: { name: `Night ${randomUUID().slice(0, 6)}`, periods: [] } })
    ).body;
    expect((await put(superAdmin, `${path}/associate-no-vend-profile`, { noVendProfileId: profile.id })).body.noVendProfileId).toBe(profile.id);
    expect((await put(superAdmin, `${path}/associate-no-vend-profile`, { noVendProfileId: null })).body.noVendProfileId).toBe(null);
    expect((await put(superAdmin, `${path}/manage-stock`, { manageStock: true })).body.manageStock).toBe(true);
    expect((await put(superAdmin, `${path}/manage-stock`, { manageStock: 'yes' })).status).toBe(400);
  });

  it('reset forgets what the device reported and keeps the record; counters go back to unknown', async () => {
    const pos = await joinMachine(m.pin, 'Resettable');
    const planogram = (
      await api(`/merchants/${m.id}/planograms`, { method: 'POST', token: superAdmin, body: { name: 'Resettable', planogramType: 'B', lines: [] } })
    ).body;
    expect(
      (await put(superAdmin, `/pos/${pos.serial}`, { name: 'Resettable', networkType: 'Ethernet', warrantyEnd: null, planogramId: planogram.id })).status,
    ).toBe(200);
    const before = await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin });
    const device = await connectDevice(stack.mqtt, pos.serial);
    try {
      await device.publish('telemetry', telemetryMessage(pos.serial, { sentAt: '2026-03-02T08:00:00.000Z', signalLevel: 50 }));
    } finally {
      await device.client.endAsync();
    }
    const listed = async () => (await api(`/pos?merchantId=${m.id}&search=Resettable`, { token: superAdmin })).body.items[0];
    await waitFor(async () => (await listed())?.connection === 1, 'the machine online in the list');
    const reset = await put(superAdmin, `/pos/${pos.serial}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      name: 'Resettable',
      planogramId: planogram.id,
      networkType: 'Ethernet',
      lastPingAt: null,
      lastSaleAt: null,
      signalLevel: null,
      connection: 2,
    });
    expect(reset.body.resetAt).toBe(reset.body.updatedAt);
    expect((await api(`/pos/${pos.serial}`, { token: superAdmin })).body).toEqual(reset.body);
    expect(await listed()).toMatchObject({ lastPingAt: null, signalLevel: null, connection: 2 });
    // The ping took the machine from unknown to online; reset takes it back to unknown.
    const after = (await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body;
    expect(after.online).toBe(before.body.online);
    expect(after.unknown).toBe(before.body.unknown);
    expect((await put(merchantUser, `/pos/${pos.serial}/reset`)).status).toBe(403);
  });

  it('delete removes the machine, its notes and registry entry: counts drop, the serial can join again', async () => {
    const pos = await joinMachine(m.pin, 'Doomed');
    expect((await api(`/pos/${pos.serial}/notes`, { method: 'POST', token: superAdmin, body: { note: 'bye' } })).status).toBe(201);
    const before = (await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body.total;
    expect((await api(`/pos/${pos.serial}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await api(`/pos/${pos.serial}`, { token: superAdmin })).status).toBe(404);
    expect((await api(`/pos/${pos.serial}`, { method: 'DELETE', token: superAdmin })).body.code).toBe('PosNotFoundException');
    expect((await api(`/pos/counts?merchantId=${m.id}`, { token: superAdmin })).body.total).toBe(before - 1);
    const again = await join(superAdmin, { serial: pos.serial, pin: m.pin, name: 'Doomed' });
    expect(again.status).toBe(201);
    expect((await api(`/pos/${pos.serial}/notes`, { token: superAdmin })).body).toMatchObject({ items: [], total: 0 });
  });

  it('a machine with a long history: DELETE answers at once, the purge sweep removes the rest; until then the serial cannot join this merchant again', async () => {
    const pos = await joinMachine(m.pin, 'Long history');
    // A few days of pings at one a minute, more than a DELETE removes before it answers.
    const samples = INLINE_PURGE_ITEMS + 1_500;
    const t0 = Date.parse('2026-10-01T00:00:00.000Z');
    await batchPutItems(
      deps.doc,
      stack.tableName,
      Array.from({ length: samples }, (_, i) => ({
        pk: keys.posPk(m.id, pos.serial),
        sk: `SENSOR#${new Date(t0 + i * 60_000).toISOString()}#ping-${i}`,
        signalLevel: 60,
        temperature: 4,
      })),
    );
    expect((await api(`/pos/${pos.serial}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await api(`/pos/${pos.serial}`, { token: superAdmin })).status).toBe(404);
    expect(await countPrefix(deps.doc, m.id, pos.serial, 'SENSOR#')).toBe(samples - INLINE_PURGE_ITEMS);

    const refused = await join(superAdmin, { serial: pos.serial, pin: m.pin, name: 'Long history' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MachineStillBeingDeletedException');
    // Another merchant's partition is another one: the serial may join there meanwhile (and leave again).
    const other = await newMerchant();
    expect((await join(superAdmin, { serial: pos.serial, pin: other.pin, name: 'Elsewhere' })).status).toBe(201);
    expect((await api(`/pos/${pos.serial}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);

    const sweep = machinePurgeSweepHandler(() => buildMachinePurgeDeps(stackEnvironment(stack)));
    expect((await sweep()).finished).toBeGreaterThanOrEqual(1);
    expect(await countPrefix(deps.doc, m.id, pos.serial, 'SENSOR#')).toBe(0);
    const again = await join(superAdmin, { serial: pos.serial, pin: m.pin, name: 'Long history' });
    expect(again.status, again.text).toBe(201);
    const history = await api(`/pos/${pos.serial}/historical-signal?from=2026-10-01T00:00:00.000Z&to=2026-10-03T00:00:00.000Z`, { token: superAdmin });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([]);
  });

  it('notes: anyone who sees the machine adds them (createdBy = email); listed newest first, paged', async () => {
    const acmeMachine = DEMO_MACHINES.find((d) => d.groupId === 'acme-north')!.serial;
    const path = `/pos/${acmeMachine}/notes`;
    const before = (await api(path, { token: merchantUser })).body.total;
    const added = [];
    for (const [token, note] of [
      [merchantUser, 'first'],
      [groupAdmin, 'second'],
      [merchantAdmin, '  third  '],
    ] as const) {
      const res = await api(path, { method: 'POST', token, body: { note } });
      expect(res.status).toBe(201);
      added.push(res.body);
    }
    expect(added.map((n) => n.createdBy)).toEqual(['merchant.user@demo.local', 'group.admin@demo.local', 'merchant.admin@demo.local']);
    expect(added[2].note).toBe('third');
    const page = await api(`${path}?size=2`, { token: groupAdmin });
    expect(page.body.total).toBe(before + 3);
    expect(page.body.items.map((n: { note: string }) => n.note)).toEqual(['third', 'second']);
    const next = await api(`${path}?size=2&page=2&cursor=${page.body.cursor}`, { token: groupAdmin });
    expect(next.body.items[0].note).toBe('first');
    const asc = await api(`${path}?size=100&ordType=asc`, { token: groupAdmin });
    expect(asc.body.items.at(-1).note).toBe('third');
    expect((await api(path, { method: 'POST', token: merchantUser, body: { note: '' } })).status).toBe(400);
    expect((await api(path, { token: bravoAdmin })).status).toBe(404);
  });

  it('QR code: the console link, an SVG image and an SVG download', async () => {
    const pos = await joinMachine(m.pin, 'QR');
    const url = await api(`/pos/${pos.serial}/qrcode`, { token: superAdmin });
    expect(url.body).toEqual({ url: `${stack.web}/devices/${pos.serial}` });
    const image = await api(`/pos/${pos.serial}/qrcode/image`, { token: superAdmin });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    const download = await api(`/pos/${pos.serial}/qrcode/download`, { token: superAdmin });
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="qrcode-${pos.serial}.svg"`);
    expect(download.text.startsWith('<svg')).toBe(true);
  });

  it('merchant users read machines and add notes but change nothing; another merchant’s machine is 404', async () => {
    const acmeMachine = DEMO_MACHINES.find((d) => d.merchantId === 'acme-vending')!.serial;
    expect((await api(`/pos/${acmeMachine}`, { token: merchantUser })).status).toBe(200);
    expect((await api(`/pos?merchantId=acme-vending`, { token: merchantUser })).status).toBe(200);
    for (const [path, body] of [
      [`/pos/${acmeMachine}/hide`, undefined],
      [`/pos/${acmeMachine}/manage-stock`, { manageStock: true }],
      [`/pos/${acmeMachine}/associate-client`, { clientId: null }],
    ] as const) {
      expect((await put(merchantUser, path, body)).status, path).toBe(403);
    }
    const bravoMachine = DEMO_MACHINES.find((d) => d.merchantId === 'bravo-distribucion')!.serial;
    expect((await api(`/pos/${bravoMachine}`, { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/pos/${bravoMachine}`, { token: bravoAdmin })).status).toBe(200);
    expect((await api(`/pos/${acmeMachine}`, { token: bravoAdmin })).body.code).toBe('PosNotFoundException');
    expect((await api('/pos/CENG-99999999', { token: superAdmin })).status).toBe(404);
    expect((await api('/pos/not-a-serial', { token: superAdmin })).status).toBe(400);
  });
});

describe('demo fleet', () => {
  it('is seeded: 20 machines over the demo merchants, with their groups and one hidden', async () => {
    expect(DEMO_MACHINES).toHaveLength(20);
    const acme = DEMO_MACHINES.filter((d) => d.merchantId === 'acme-vending');
    const list = await api('/pos/list?merchantId=acme-vending', { token: merchantAdmin });
    for (const d of acme.filter((x) => !x.hidden)) expect(list.body.map((p: { serial: string }) => p.serial)).toContain(d.serial);
    const hidden = await api('/pos?merchantId=acme-vending&hidden=true', { token: merchantAdmin });
    expect(hidden.body.items.map((p: { serial: string }) => p.serial)).toContain(acme.find((d) => d.hidden)!.serial);
  });
});

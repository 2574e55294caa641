/**
 * A machine's configurations over HTTP: simulated devices report them over real MQTT, the API shows the
 * latest, the history and one historical configuration; users set a custom config and see it pending
 * until the device reports the same values. And the last sensors info from the device's telemetry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { configMessage, telemetryMessage } from '../../infra/local/simulator';
import { MAX_CONFIG_VALUES } from '#schemas/iot';
import { newMerchantWithMachines, newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
const { connect, closeAll: closeDevices } = simulatedDevices();
const at = (ms: number) => new Date(ms).toISOString();
const get = (path: string, token = superAdmin) => api(path, { token });
const putCustom = (serial: string, body: unknown, token = superAdmin) => api(`/pos/${serial}/custom-configs`, { method: 'PUT', token, body });

/** Joins an Acme machine (the demo users' merchant), in a group when given. */
async function acmeMachine(groupId?: string) {
  const joined = await api('/pos/join', {
    method: 'POST',
    token: superAdmin,
    body: { serial: newSerial(), pin: DEMO_PINS['acme-vending'], name: `Configs ${randomUUID().slice(0, 8)}` },
  });
  expect(joined.status, joined.text).toBe(201);
  const serial = joined.body.serial as string;
  if (groupId) expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
  return serial;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  merchantUser = await tokenFor('NEBULARMERCHANTUSER');
});

afterAll(async () => {
  await closeDevices();
});

describe('reported configurations', () => {
  it('the latest, the history newest first (paged, date range) and one historical configuration', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 2);
    const [serial, other] = serials as [string, string];
    const before = await get(`/pos/${serial}/configs`);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toEqual({ serial, values: null, reportedAt: null, sync: null });
    expect((await get(`/pos/${serial}/configs/historical`)).body).toMatchObject({ items: [], total: 0 });

    const d = await connect(serial);
    const t = Date.parse('2026-03-01T10:00:00Z');
    const reports = [
      configMessage(serial, { 'telemetry.pingSeconds': '60' }, { reportedAt: at(t) }),
      configMessage(serial, { 'telemetry.pingSeconds': '30', 'display.language': 'it' }, { reportedAt: at(t + 60_000) }),
      configMessage(serial, { 'telemetry.pingSeconds': '30', 'display.language': 'es', 'audit.scheduledHours': '6' }, { reportedAt: at(t + 120_000) }),
    ];
    // Out of order on purpose: the latest is the one reported last by the device's clock.
    for (const m of [reports[2]!, reports[0]!, reports[1]!]) await d.publish('config', m);
    const history = await waitFor(async () => {
      const res = await get(`/pos/${serial}/configs/historical`);
      return res.body.total === 3 ? res.body : undefined;
    }, 'three configurations in the history');
    expect(history.items.map((c: { reportedAt: string; valueCount: number }) => [c.reportedAt, c.valueCount])).toEqual([
      [at(t + 120_000), 3],
      [at(t + 60_000), 2],
      [at(t), 1],
    ]);
    expect((await get(`/pos/${serial}/configs`)).body).toEqual({ serial, values: reports[2]!.payload.values, reportedAt: at(t + 120_000), sync: null });

    const page1 = await get(`/pos/${serial}/configs/historical?size=2&ordType=asc`);
    expect(page1.body).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(page1.body.items.map((c: { reportedAt: string }) => c.reportedAt)).toEqual([at(t), at(t + 60_000)]);
    const page2 = await get(`/pos/${serial}/configs/historical?size=2&ordType=asc&page=2&cursor=${page1.body.cursor}`);
    expect(page2.body.items.map((c: { reportedAt: string }) => c.reportedAt)).toEqual([at(t + 120_000)]);
    expect((await get(`/pos/${serial}/configs/historical?size=2&ordType=asc&page=2`)).body.items).toEqual(page2.body.items);

    const ranged = await get(
      `/pos/${serial}/configs/historical?from=${encodeURIComponent(at(t + 60_000))}&to=${encodeURIComponent('2026-03-01T11:01:00+01:00')}`,
    );
    expect(ranged.body).toMatchObject({ total: 1, items: [{ reportedAt: at(t + 60_000), valueCount: 2 }] });
    expect((await get(`/pos/${serial}/configs/historical?from=${at(t + 1)}&to=${at(t)}`)).status).toBe(400);
    expect((await get(`/pos/${serial}/configs/historical?extra=1`)).status).toBe(400);
    // A cursor of another range (or another machine) is refused.
    expect((await get(`/pos/${serial}/configs/historical?size=2&page=2&cursor=${page1.body.cursor}&from=${encodeURIComponent(at(t + 100_000))}`)).status).toBe(
      400,
    );

    const id = history.items[1].id as string;
    const one = await get(`/pos/${serial}/configs/historical/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id, serial, reportedAt: at(t + 60_000), values: reports[1]!.payload.values });
    // The id names an item of this machine's partition only: through another machine it is not found.
    const elsewhere = await get(`/pos/${other}/configs/historical/${id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: 'MachineConfigurationNotFoundException', message: 'Machine configuration not found (retention expired)' });
    expect((await get(`/pos/${serial}/configs/historical/${Date.parse(at(t + 1))}-unknownmsg1`)).status).toBe(404);
    for (const bad of ['LATEST', 'abc', `${t}-x`, `${t}#${id}`])
      expect((await get(`/pos/${serial}/configs/historical/${encodeURIComponent(bad)}`)).status, bad).toBe(400);
  });
});

describe('custom config', () => {
  it('is not found until set; PUT stores it (origin 0, by the caller), pending until the device reports the same values', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const serial = serials[0]!;
    const missing = await get(`/pos/${serial}/custom-configs`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'CustomConfigNotFoundException', message: 'Custom config not found' });

    const d = await connect(serial);
    await d.publish('config', configMessage(serial, { 'telemetry.pingSeconds': '60', 'display.language': 'it' }, { reportedAt: at(Date.now() - 60_000) }));
    await waitFor(async () => (await get(`/pos/${serial}/configs`)).body.reportedAt, 'first report');

    const wanted = { 'telemetry.pingSeconds': '30', 'display.language': 'it' };
    const saved = await putCustom(serial, { values: wanted });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      serial,
      values: wanted,
      origin: 0,
      updatedBy: 'superadmin@demo.local',
      sync: { state: 'pending', lastSyncAt: null, lastSyncBy: null },
    });
    expect((await get(`/pos/${serial}/custom-configs`)).body).toEqual(saved.body);
    expect((await get(`/pos/${serial}/configs`)).body.sync).toEqual({ state: 'pending', lastSyncAt: null, lastSyncBy: null });

    const reportedAt = at(Date.now() + 1000);
    await d.publish('config', configMessage(serial, { 'display.language': 'it', 'telemetry.pingSeconds': '30' }, { reportedAt }));
    const synced = await waitFor(async () => {
      const res = await get(`/pos/${serial}/configs`);
      return res.body.sync?.state === 'sync' ? res.body : undefined;
    }, 'sync once the device reports the custom values');
    expect(synced).toMatchObject({ values: wanted, reportedAt, sync: { state: 'sync', lastSyncAt: reportedAt, lastSyncBy: 'superadmin@demo.local' } });
    expect((await get(`/pos/${serial}/custom-configs`)).body.sync.state).toBe('sync');

    const changed = await putCustom(serial, { values: { ...wanted, 'display.language': 'en' } }, superAdmin);
    expect(changed.body.sync.state).toBe('pending');
    expect(changed.body.updatedAt > saved.body.updatedAt).toBe(true);
  });

  it('bodies are strict and follow the reported configuration rules', async () => {
    const serial = await acmeMachine();
    const cases: unknown[] = [
      {},
      { values: { ok: '1' }, extra: true },
      { values: { 'bad key!': '1' } },
      { values: { ['k'.repeat(65)]: '1' } },
      { values: { key: 'v'.repeat(1025) } },
      { values: { key: 1 } },
      { values: Object.fromEntries(Array.from({ length: MAX_CONFIG_VALUES + 1 }, (_, i) => [`k${i}`, 'v'])) },
      { values: ['a'] },
    ];
    for (const body of cases) {
      const res = await putCustom(serial, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('ValidationException');
    }
    expect((await putCustom(serial, { values: {} })).status).toBe(200);
  });

  it('roles: every role reads, merchant users do not write; group admins only their groups’ machines; other merchants are 404', async () => {
    const north = await acmeMachine('acme-north');
    const group = await api('/merchants/acme-vending/groups', { method: 'POST', token: superAdmin, body: { name: `Configs ${randomUUID().slice(0, 8)}` } });
    const elsewhere = await acmeMachine(group.body.id);
    expect((await putCustom(north, { values: { a: '1' } }, groupAdmin)).status).toBe(200);
    expect((await putCustom(north, { values: { a: '2' } }, merchantAdmin)).status).toBe(200);
    const denied = await putCustom(north, { values: { a: '3' } }, merchantUser);
    expect(denied.status).toBe(403);
    for (const token of [merchantUser, groupAdmin, merchantAdmin]) {
      expect((await get(`/pos/${north}/custom-configs`, token)).body.values).toEqual({ a: '2' });
      expect((await get(`/pos/${north}/configs`, token)).status).toBe(200);
    }
    for (const path of ['configs', 'configs/historical', 'custom-configs', 'last-sensors-info']) {
      const res = await get(`/pos/${elsewhere}/${path}`, groupAdmin);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('PosNotFoundException');
    }
    expect((await putCustom(elsewhere, { values: { a: '1' } }, groupAdmin)).status).toBe(404);
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    for (const path of ['configs', 'configs/historical', 'custom-configs', 'last-sensors-info'])
      expect((await get(`/pos/${serials[0]}/${path}`, merchantAdmin)).status, path).toBe(404);
    expect((await putCustom(serials[0]!, { values: { a: '1' } }, merchantAdmin)).status).toBe(404);
  });
});

describe('last sensors info', () => {
  it('shows what the device last reported: signal, temperature, last ping, connection', async () => {
    const { serials } = await newMerchantWithMachines(superAdmin, 1);
    const serial = serials[0]!;
    expect((await get(`/pos/${serial}/last-sensors-info`)).body).toEqual({ serial, signalLevel: null, temperature: null, lastPingAt: null, connection: 2 });
    const d = await connect(serial);
    const sentAt = at(Date.now());
    await d.publish('telemetry', telemetryMessage(serial, { sentAt, signalLevel: 71, temperature: 5.5 }));
    const info = await waitFor(async () => {
      const res = await get(`/pos/${serial}/last-sensors-info`, superAdmin);
      return res.body.lastPingAt ? res.body : undefined;
    }, 'telemetry shown');
    expect(info).toEqual({ serial, signalLevel: 71, temperature: 5.5, lastPingAt: sentAt, connection: 1 });
  });
});

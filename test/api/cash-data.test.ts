/**
 * (Every call's roles are in the authorization matrix; here the super admin reads a new merchant's machine.)
 * A cash-handling machine's own data end to end (issue 31 items 1–3): simulated devices publish sensor readings,
 * acceptance, movements and device errors over real MQTT; what the API shows of them, the thresholds and dirtiness
 * (a reading past critical raises the sensor alarm), duplicated messages counted once, bad input kept aside, and the
 * NEBULAR_CASH gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '#schemas/features';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { SENSOR_CRITICAL_ALARM } from '../../functions/core/sensors/ingest';
import { acceptanceMessage, deviceErrorsMessage, movement, movementsMessage, sensorsMessage } from '../../infra/local/simulated-cash';
import { newMessageId } from '../../infra/local/simulator';
import { counter, newMerchantWithMachines, newSerial, processed, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { stackDeps, tokenFor } from './support/stack';

const doc = stackDeps().doc;
const { connect, closeAll } = simulatedDevices();
let superAdmin = '';
let merchantAdmin = '';
let merchantId = '';
let serial = '';
const HOUR = 3_600_000;

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  const made = await newMerchantWithMachines(superAdmin, 0);
  merchantId = made.merchantId;
  serial = newSerial('C100');
  const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: made.pin, name: `Cash ${serial}` } });
  expect(joined.status, joined.text).toBe(201);
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
});

afterAll(async () => {
  await closeAll();
  doc.destroy();
});

const setThreshold = (model: string, name: string, body: Record<string, unknown>, token = superAdmin) =>
  api(`/master-modelsensorsconfig/${model}/${name}`, { method: 'PUT', token, body });

describe('sensor thresholds and dirtiness', () => {
  it('refuses a warning past critical for the direction, only the super admin sets one, and lists them per model', async () => {
    for (const body of [
      { warning: 80, critical: 60, valuesIncrease: true },
      { warning: 60, critical: 60, valuesIncrease: true },
      { warning: 20, critical: 40, valuesIncrease: false },
    ]) {
      const res = await setThreshold('C100', 'hopperExitGain', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('InvalidSensorThresholdException');
    }
    expect((await setThreshold('C100', 'hopperExitGain', { warning: 60, critical: 80, valuesIncrease: true }, merchantAdmin)).status).toBe(403);
    expect((await setThreshold('C100', 'noSuchSensor', { warning: 60, critical: 80, valuesIncrease: true })).status).toBe(400);
    const set = await setThreshold('C100', 'hopperExitGain', { warning: 60, critical: 80, valuesIncrease: true });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ model: 'C100', name: 'hopperExitGain', submodule: 'hopper', warning: 60, critical: 80, valuesIncrease: true });
    expect((await setThreshold('C100', 'coinOpticalLevel', { warning: 40, critical: 20, valuesIncrease: false })).status).toBe(200);
    const list = await api('/master-modelsensorsconfig?model=C100', { token: superAdmin });
    expect(list.body.items.map((t: any) => t.name)).toEqual(expect.arrayContaining(['coinOpticalLevel', 'hopperExitGain']));
    expect(list.body.items.every((t: any) => t.model === 'C100')).toBe(true);
    expect((await api('/master-modelsensorsconfig', { token: merchantAdmin })).status).toBe(403);
  });

  it('a reading past critical (over MQTT) makes the sensor critical and raises the sensor alarm; back under the deadband repairs it', async () => {
    const d = await connect(serial);
    const t = Date.now() - 10 * 60_000;
    await d.publish('sensors', sensorsMessage(serial, newMessageId('sn'), t, [{ submodule: 'hopper', values: { hopperExitGain: 65 } }]));
    await waitFor(async () => (await api(`/pos/${serial}/sensordirtyness`, { token: superAdmin })).body.state === 'warning', 'warning');
    await d.publish(
      'sensors',
      sensorsMessage(serial, newMessageId('sn'), t + 60_000, [
        { submodule: 'hopper', values: { hopperExitGain: 85.5, hopperMotorCurrent: 430 } },
        { submodule: 'coinValidator', values: { coinOpticalLevel: 70 } },
      ]),
    );
    const alarm = await waitFor(async () => {
      const items = (await api(`/pos/${serial}/alarms?size=50`, { token: superAdmin })).body.items as Array<Record<string, any>>;
      return items.find((a) => a.code === SENSOR_CRITICAL_ALARM && a.status === 'active');
    }, 'the sensor alarm');
    expect(alarm.detail).toContain('hopperExitGain');
    const dirtiness = (await api(`/pos/${serial}/sensordirtyness`, { token: superAdmin })).body;
    expect(dirtiness).toMatchObject({ serial, model: 'C100', state: 'critical' });
    expect(dirtiness.sensors).toEqual(
      expect.arrayContaining([
        {
          name: 'hopperExitGain',
          submodule: 'hopper',
          state: 'critical',
          value: 85.5,
          at: new Date(t + 60_000).toISOString(),
          threshold: { warning: 60, critical: 80, valuesIncrease: true },
        },
        expect.objectContaining({ name: 'coinOpticalLevel', state: 'ok', value: 70 }),
        // No threshold for this model and sensor: unknown, with its reading.
        expect.objectContaining({ name: 'hopperMotorCurrent', state: 'unknown', value: 430, threshold: null }),
      ]),
    );
    expect((await api(`/sensordirtyness/stats?merchantId=${merchantId}`, { token: superAdmin })).body).toEqual({ unknown: 0, ok: 0, warning: 0, critical: 1 });
    expect((await api(`/pos/${serial}/sensordirtyness`, { token: merchantAdmin })).status).toBe(403);

    // 79 is inside the deadband (critical holds down to 78): still critical. 70: warning, and the alarm is repaired.
    await d.publish('sensors', sensorsMessage(serial, newMessageId('sn'), t + 120_000, [{ submodule: 'hopper', values: { hopperExitGain: 79 } }]));
    const last = sensorsMessage(serial, newMessageId('sn'), t + 180_000, [{ submodule: 'hopper', values: { hopperExitGain: 70 } }]);
    await d.publish('sensors', last);
    await waitFor(() => processed(doc, last), 'the last reading');
    await waitFor(async () => (await api(`/pos/${serial}/sensordirtyness`, { token: superAdmin })).body.state === 'warning', 'back to warning');
    const items = (await api(`/pos/${serial}/alarms?size=50`, { token: superAdmin })).body.items as Array<Record<string, any>>;
    expect(items.filter((a) => a.code === SENSOR_CRITICAL_ALARM).map((a) => a.status)).toEqual(['repaired']);

    // The readings, per submodule, for the chart.
    const chart = await api(`/pos/${serial}/sensors/chart?from=${new Date(t - 1000).toISOString()}&to=${new Date().toISOString()}&submodule=hopper`, {
      token: superAdmin,
    });
    expect(chart.status, chart.text).toBe(200);
    expect(chart.body.points.map((p: any) => p.values.hopperExitGain)).toEqual([65, 85.5, 79, 70]);
    expect(chart.body.points[1].values).toEqual({ hopperExitGain: 85.5, hopperMotorCurrent: 430 });
  });
});

describe('cash acceptance, movements and device errors over MQTT', () => {
  it('duplicated acceptance messages count once; rates by denomination and reason; per machine and per merchant', async () => {
    const d = await connect(serial);
    const now = Date.now();
    const message = acceptanceMessage(
      serial,
      newMessageId('ca'),
      { fromMs: now - HOUR, toMs: now - 60_000 },
      'EUR',
      [
        { medium: 'coin', denomination: 100, count: 18 },
        { medium: 'coin', denomination: 50, count: 6 },
        { medium: 'note', denomination: 500, count: 3 },
      ],
      [
        { medium: 'coin', reason: 'unrecognised', count: 4 },
        { medium: 'coin', denomination: 100, reason: 'jam', count: 2 },
        { medium: 'note', denomination: 500, reason: 'unspecified', count: 1 },
      ],
    );
    await Promise.all([d.publish('cash-acceptance', message), d.publish('cash-acceptance', message)]);
    await waitFor(() => processed(doc, message), 'the acceptance message');
    await d.publish('cash-acceptance', message);
    const second = acceptanceMessage(
      serial,
      newMessageId('ca'),
      { fromMs: now - 60_000, toMs: now },
      'EUR',
      [{ medium: 'coin', denomination: 200, count: 10 }],
      [],
    );
    await d.publish('cash-acceptance', second);
    await waitFor(() => processed(doc, second), 'the second message');

    const stats = (await api(`/pos/${serial}/cash-acceptance/stats`, { token: superAdmin })).body;
    expect(stats.totals).toEqual({
      coin: { accepted: 34, rejected: 6, rejectionRate: 6 / 40 },
      note: { accepted: 3, rejected: 1, rejectionRate: 1 / 4 },
    });
    expect(stats.byDenomination).toEqual([
      { medium: 'coin', denomination: null, accepted: 0, rejected: 4, rejectionRate: 1 },
      { medium: 'coin', denomination: 50, accepted: 6, rejected: 0, rejectionRate: 0 },
      { medium: 'coin', denomination: 100, accepted: 18, rejected: 2, rejectionRate: 0.1 },
      { medium: 'coin', denomination: 200, accepted: 10, rejected: 0, rejectionRate: 0 },
      { medium: 'note', denomination: 500, accepted: 3, rejected: 1, rejectionRate: 0.25 },
    ]);
    expect(stats.byReason).toEqual([
      { medium: 'coin', reason: 'unrecognised', rejected: 4 },
      { medium: 'coin', reason: 'jam', rejected: 2 },
      { medium: 'note', reason: 'unspecified', rejected: 1 },
    ]);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toMatchObject({ coin: { accepted: 34, rejected: 6 } });
    const merchant = (await api(`/cash-acceptance/stats?merchantId=${merchantId}`, { token: superAdmin })).body;
    expect(merchant.totals).toEqual(stats.totals);
    const range = await api(`/pos/${serial}/cash-acceptance/stats?from=2026-01-01&to=2027-01-02`, { token: superAdmin });
    expect(range.status).toBe(400);
    expect((await api(`/pos/${serial}/cash-acceptance/stats?from=2026-03-02&to=2026-03-01`, { token: superAdmin })).status).toBe(400);
  });

  it('movements: totals per kind and the balance the cash should hold, before, after and each day', async () => {
    const d = await connect(serial);
    const now = Date.now() - 5 * 60_000;
    const message = movementsMessage(serial, newMessageId('cm'), 'EUR', [
      movement('refill', now - 3000, 'EUR', 5000, 'op-7'),
      movement('deposit', now - 2000, 'EUR', 2000),
      movement('changeGiven', now - 1000, 'EUR', 150),
      movement('collection', now, 'EUR', 1200, 'op-7'),
    ]);
    await Promise.all([d.publish('cash-movements', message), d.publish('cash-movements', message)]);
    await waitFor(() => processed(doc, message), 'the movements');
    const stats = (await api(`/pos/${serial}/movements/stats`, { token: superAdmin })).body;
    expect(stats.totals).toEqual([
      { kind: 'deposit', amount: 2000, count: 1 },
      { kind: 'withdrawal', amount: 0, count: 0 },
      { kind: 'changeGiven', amount: 150, count: 1 },
      { kind: 'collection', amount: 1200, count: 1 },
      { kind: 'refill', amount: 5000, count: 1 },
    ]);
    expect(stats).toMatchObject({ net: 5650, openingBalance: 0, closingBalance: 5650 });
    expect(stats.days.at(-1)).toMatchObject({ net: 5650, balance: 5650, amounts: { refill: 5000, deposit: 2000 } });
    expect((await api(`/movements/stats?merchantId=${merchantId}`, { token: superAdmin })).body).toMatchObject({ net: 5650, closingBalance: 5650 });
  });

  it('device errors: paged newest first, filtered by device and by code', async () => {
    const d = await connect(serial);
    const t = Date.now() - 20 * 60_000;
    const message = deviceErrorsMessage(serial, newMessageId('de'), [
      { at: new Date(t).toISOString(), device: 'CashChanger', resultCode: 114, extendedCode: 201, message: 'OPOS_ECHAN_OVERDISPENSE' },
      { at: new Date(t + 1000).toISOString(), device: 'BillAcceptor', resultCode: 112, extendedCode: 0 },
      { at: new Date(t + 2000).toISOString(), device: 'CashChanger', resultCode: 111, extendedCode: 0 },
    ]);
    await d.publish('device-errors', message);
    await waitFor(() => processed(doc, message), 'the device errors');
    const page = (await api(`/pos/${serial}/opos-errors?size=2`, { token: superAdmin })).body;
    expect(page).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(page.items.map((e: any) => [e.device, e.resultCode])).toEqual([
      ['CashChanger', 111],
      ['BillAcceptor', 112],
    ]);
    const next = (await api(`/pos/${serial}/opos-errors?size=2&page=2&cursor=${encodeURIComponent(page.cursor)}`, { token: superAdmin })).body;
    expect(next.items).toEqual([
      { at: new Date(t).toISOString(), device: 'CashChanger', resultCode: 114, extendedCode: 201, message: 'OPOS_ECHAN_OVERDISPENSE' },
    ]);
    expect((await api(`/pos/${serial}/opos-errors?device=CashChanger`, { token: superAdmin })).body.items.map((e: any) => e.resultCode)).toEqual([111, 114]);
    expect((await api(`/pos/${serial}/opos-errors?code=112`, { token: superAdmin })).body.items.map((e: any) => e.device)).toEqual(['BillAcceptor']);
    expect((await api(`/pos/${serial}/opos-errors?code=99`, { token: superAdmin })).status).toBe(400);
  });

  it('bad input is kept aside and counted, never stored: a negative amount, a coin not of the currency, a sensor value that is not a number', async () => {
    const d = await connect(serial);
    const before = await counter(doc, keys.invalidMessagesCounterName);
    const balance = (await api(`/pos/${serial}/movements/stats`, { token: superAdmin })).body.closingBalance;
    const negative = movementsMessage(serial, newMessageId('cm'), 'EUR', [
      { ...movement('deposit', Date.now(), 'EUR', 100), amount: -100, breakdown: undefined },
    ]);
    const foreignCoin = acceptanceMessage(
      serial,
      newMessageId('ca'),
      { fromMs: Date.now() - 1000, toMs: Date.now() },
      'EUR',
      [{ medium: 'coin', denomination: 25, count: 9 }],
      [],
    );
    const notNumber = {
      ...sensorsMessage(serial, newMessageId('sn'), Date.now(), []),
      payload: { readAt: new Date().toISOString(), submodules: [{ submodule: 'hopper', values: { hopperExitGain: 'dirty' } }] },
    };
    await d.publish('cash-movements', negative);
    await d.publish('cash-acceptance', foreignCoin);
    await d.publish('sensors', notNumber);
    const after = await waitFor(async () => {
      const c = await counter(doc, keys.invalidMessagesCounterName);
      return c['reason_invalid-envelope']! - (before['reason_invalid-envelope'] ?? 0) >= 3 ? c : undefined;
    }, 'three messages kept aside');
    expect(after.count! - before.count!).toBeGreaterThanOrEqual(3);
    expect((await api(`/pos/${serial}/movements/stats`, { token: superAdmin })).body.closingBalance).toBe(balance);
    expect((await api(`/pos/${serial}/cash-acceptance/stats`, { token: superAdmin })).body.totals.coin.accepted).toBe(34);
    expect((await api(`/pos/${serial}/sensordirtyness`, { token: superAdmin })).body.sensors.find((s: any) => s.name === 'hopperExitGain').value).toBe(70);
  });

  it('a merchant without NEBULAR_CASH gets the feature’s 403 on every cash call', async () => {
    const merchant = (await api(`/merchants/${merchantId}`, { token: superAdmin })).body;
    const put = await api(`/merchants/${merchantId}`, {
      method: 'PUT',
      token: superAdmin,
      body: { ...merchantBody(), name: merchant.name, features: FEATURE_FLAGS.filter((f) => f !== 'NEBULAR_CASH') },
    });
    expect(put.status, put.text).toBe(200);
    for (const path of [
      `/pos/${serial}/cash-acceptance/stats`,
      `/pos/${serial}/movements/stats`,
      `/pos/${serial}/opos-errors`,
      `/pos/${serial}/sensordirtyness`,
      `/cash-acceptance/stats?merchantId=${merchantId}`,
      `/movements/stats?merchantId=${merchantId}`,
      `/sensordirtyness/stats?merchantId=${merchantId}`,
    ]) {
      const res = await api(path, { token: superAdmin });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ code: 'FeatureNotEnabledException', details: [{ path: 'feature', message: 'NEBULAR_CASH' }] });
    }
  });
});

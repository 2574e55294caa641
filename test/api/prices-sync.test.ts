/**
 * A machine's prices synced by the machine itself, over real MQTT: a simulated machine executes the send-prices
 * command and acknowledges it (IMMEDIATE: sync), its audits report its price lists as EVA-DTS LA1 (AFTER_AUDIT:
 * sync once they match; prices changed on the machine: "modified in device").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditMessage, connectDevice, DexBook, type SimulatedDevice } from '../../infra/local/simulator';
import { SimulatedPrices } from '../../infra/local/simulated-prices';
import { newMerchantWithMachines, newSerial, waitFor } from './support/devices';
import { api } from './support/http';
import { demoUser, stack, tokenFor } from './support/stack';

let superAdmin = '';
const devices: SimulatedDevice[] = [];
const price = (line: string, priceTable: number, value: number) => ({ line, priceTable, value });
const pricesOf = async (serial: string) => (await api(`/pos/${serial}/prices`, { token: superAdmin })).body;

/** A merchant of its own (its prices sync setting), a planogram of lines 11 and 12, and a machine on it played over MQTT. */
async function machineOnMqtt(pricesSync: 'IMMEDIATE' | 'AFTER_AUDIT', withPlanogram = true) {
  const { merchantId, pin } = await newMerchantWithMachines(superAdmin, 0);
  const settings = (await api(`/merchants/${merchantId}/settings`, { token: superAdmin })).body;
  const { merchantId: _, apiTokenIssued: __, updatedAt: ___, ...input } = settings;
  expect((await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: superAdmin, body: { ...input, pricesSync } })).status).toBe(200);
  const product = await api(`/merchants/${merchantId}/products`, {
    method: 'POST',
    token: superAdmin,
    body: { code: `SY-${randomUUID().slice(0, 8)}`, name: `Sync ${randomUUID().slice(0, 8)}`, productType: 'B', vat: 10 },
  });
  const lines = ['11', '12'].map((selection) => ({ selection, productId: product.body.id, capacity: 10, warningLevel: 2, refillValue: 10 }));
  const planogram = await api(`/merchants/${merchantId}/planograms`, {
    method: 'POST',
    token: superAdmin,
    body: { name: `Sync ${randomUUID().slice(0, 8)}`, planogramType: 'B', lines },
  });
  const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: newSerial(), pin, name: `Sync ${randomUUID().slice(0, 8)}` } });
  const serial = joined.body.serial as string;
  if (withPlanogram) {
    const assigned = await api(`/pos/${serial}`, {
      method: 'PUT',
      token: superAdmin,
      body: { name: joined.body.name, networkType: null, warrantyEnd: null, planogramId: planogram.body.id },
    });
    expect(assigned.status, assigned.text).toBe(200);
  }
  const device = await connectDevice(stack.mqtt, serial);
  device.prices = new SimulatedPrices();
  const book = new DexBook();
  book.prices = device.prices;
  devices.push(device);
  /** Publishes an audit whose LA1 records are the machine's prices now. */
  const audit = async () => {
    const readAt = new Date().toISOString();
    await device.publish('audit', auditMessage(serial, { readAt, origin: 2, dex: book.text(serial, readAt) }));
    await waitFor(async () => (await api(`/pos/${serial}`, { token: superAdmin })).body.lastAuditAt === readAt, 'the audit');
  };
  return { serial, device, audit };
}

const save = (serial: string, version: number, prices: unknown[]) =>
  api(`/pos/${serial}/prices`, { method: 'PUT', token: superAdmin, body: { version, prices } });

async function saveAndSend(serial: string, version: number, prices: unknown[]) {
  const saved = await save(serial, version, prices);
  expect(saved.status, saved.text).toBe(200);
  const sent = await api(`/pos/${serial}/prices/send`, { method: 'POST', token: superAdmin, body: { version: saved.body.version, prices } });
  expect(sent.status, sent.text).toBe(200);
  return sent.body;
}

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.client.endAsync()));
});

describe('prices synced by the machine', () => {
  it('IMMEDIATE: the machine applies the sent prices and acknowledges; they turn sync; an audit with other LA1 prices is “modified in device”', async () => {
    const { serial, device, audit } = await machineOnMqtt('IMMEDIATE');
    const prices = [price('11', 1, 120), price('11', 6, 110), price('12', 1, 90)];
    const sent = await saveAndSend(serial, 0, prices);
    expect(sent).toMatchObject({ status: 'pending', sending: { version: 1 } });
    const synced = await waitFor(async () => {
      const p = await pricesOf(serial);
      return p.status === 'sync' && p;
    }, 'sync after the acknowledgement');
    expect(synced).toMatchObject({ version: 1, origin: 'console', sending: null, syncedPrices: prices, lastSyncBy: demoUser('NEBULARSUPERADMIN').email });
    expect(Date.parse(synced.lastSyncAt)).toBeGreaterThanOrEqual(Date.parse(synced.updatedAt));
    expect(device.prices!.current()).toEqual(prices);

    // An audit showing the same prices changes nothing.
    await audit();
    expect(await pricesOf(serial)).toEqual(synced);

    // Someone changes a price on the machine's keypad; its next audit shows it.
    device.prices!.apply([price('11', 1, 150), price('11', 6, 110), price('12', 1, 90)]);
    await audit();
    const modified = await pricesOf(serial);
    expect(modified).toMatchObject({
      version: 2,
      origin: 'device',
      status: 'sync',
      updatedBy: 'device',
      lastSyncBy: 'device',
      prices: device.prices!.current(),
      syncedPrices: device.prices!.current(),
    });
    const history = (await api(`/pos/${serial}/historical-prices`, { token: superAdmin })).body;
    expect(history.items.map((v: { version: number; action: string; origin: string }) => [v.version, v.action, v.origin])).toEqual([
      [2, 'device', 'device'],
      [1, 'save', 'console'],
    ]);

    // A new draft, then cancel: back to what the machine runs.
    expect((await save(serial, 2, [price('11', 1, 99)])).body.status).toBe('pending');
    const cancelled = await api(`/pos/${serial}/prices/cancel`, { method: 'POST', token: superAdmin, body: { version: 3 } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ version: 4, status: 'sync', origin: 'device', prices: device.prices!.current() });
  });

  it('AFTER_AUDIT: the acknowledgement leaves the prices pending until an audit’s LA1 records match', async () => {
    const { serial, device, audit } = await machineOnMqtt('AFTER_AUDIT');
    const prices = [price('11', 2, 100), price('12', 2, 80)];
    const sent = await saveAndSend(serial, 0, prices);
    await waitFor(async () => (await api(`/remote-commands/pos/${serial}?type=12`, { token: superAdmin })).body.items[0]?.status === 2, 'the command received');
    expect(device.prices!.current()).toEqual(prices);
    expect(await pricesOf(serial)).toMatchObject({ status: 'pending', sending: { commandId: sent.sending.commandId }, lastSyncAt: null });
    await audit();
    expect(await pricesOf(serial)).toMatchObject({
      status: 'sync',
      version: 1,
      origin: 'console',
      sending: null,
      syncedPrices: prices,
      lastSyncBy: demoUser('NEBULARSUPERADMIN').email,
    });
  });

  it('a machine never priced takes the prices of its first audit on its planogram’s lines; one without a planogram keeps none', async () => {
    const priced = await machineOnMqtt('IMMEDIATE');
    priced.device.prices!.apply([price('11', 1, 70), price('12', 1, 75), price('99', 1, 1)]);
    await priced.audit();
    expect(await pricesOf(priced.serial)).toMatchObject({ version: 1, status: 'sync', origin: 'device', prices: [price('11', 1, 70), price('12', 1, 75)] });

    const bare = await machineOnMqtt('IMMEDIATE', false);
    bare.device.prices!.apply([price('11', 1, 70)]);
    await bare.audit();
    expect(await pricesOf(bare.serial)).toMatchObject({ version: 0, status: null, prices: [] });
  });
});

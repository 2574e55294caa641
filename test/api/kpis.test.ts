/**
 * KPIs (issue 30 item 2) over HTTP: a merchant's and a machine's figures equal what its machines published over MQTT
 * (sales, a blocking alarm raised and cleared, an offline spell, coins and bills), every role, a group admin's
 * groups only, and the interval's bounds (1 and 366 days: 400 naming the field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { KPI_INTERVAL_DAYS } from '#schemas/kpi-constants';
import { acceptanceMessage } from '../../infra/local/simulated-cash';
import { alarmMessage, newMessageId, saleTransaction, salesMessage, telemetryMessage } from '../../infra/local/simulator';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { newMerchantWithMachines, newSerial, processed, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { idToken, stack, stackDeps, stackIdle, tokenFor } from './support/stack';

const HOUR = 3_600_000;
const { doc } = stackDeps();
const { connect, closeAll } = simulatedDevices();

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
let merchantId = '';
let seller = '';
let cash = '';
const now = Date.now();

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser, bravoAdmin] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    tokenFor('NEBULARMERCHANTUSER'),
    idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!),
  ]);
  const made = await newMerchantWithMachines(superAdmin, 1);
  merchantId = made.merchantId;
  seller = made.serials[0]!;
  cash = newSerial('C100');
  const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: cash, pin: made.pin, name: `Cash ${cash}` } });
  expect(joined.status, joined.text).toBe(201);

  // The seller was seen 5 hours ago and marked offline since (as the connection sweep leaves it): its next ping ends the spell.
  await doc.send(
    new PutCommand({
      TableName: stack.tableName,
      Item: { ...keys.posTelemetry(merchantId, seller), merchantId, serial: seller, connection: 0, lastSeenAt: now - 5 * HOUR },
    }),
  );
  const [d, c] = await Promise.all([connect(seller), connect(cash)]);
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  const sales = salesMessage(seller, [
    saleTransaction({ type: 2, value: 150, createdAt: minutesAgo(20) }),
    saleTransaction({ type: 2, value: 150, createdAt: minutesAgo(15) }),
    saleTransaction({ type: 1, value: 300, createdAt: minutesAgo(10) }),
  ]);
  const raised = alarmMessage(seller, { code: 'E42', criticity: 4, at: new Date(now - 3 * HOUR).toISOString() });
  const cleared = alarmMessage(seller, { code: 'E42', state: 'cleared', at: new Date(now - HOUR).toISOString() });
  const coins = acceptanceMessage(
    cash,
    newMessageId('ca'),
    { fromMs: now - 30 * 60_000, toMs: now - 60_000 },
    'EUR',
    [
      { medium: 'coin', denomination: 100, count: 75 },
      { medium: 'note', denomination: 500, count: 9 },
    ],
    [
      { medium: 'coin', reason: 'unrecognised', count: 25 },
      { medium: 'note', denomination: 500, reason: 'jam', count: 1 },
    ],
  );
  // Sales first: the return online prices its offline hours at the machine's rate of sale then.
  await Promise.all([d.publish('sales', sales), c.publish('cash-acceptance', coins), d.publish('alarms', raised)]);
  for (const m of [sales, coins, raised]) await waitFor(() => processed(doc, m), m.type);
  await Promise.all([d.publish('telemetry', telemetryMessage(seller)), d.publish('alarms', cleared)]);
  await waitFor(() => processed(doc, cleared), 'the clear');
  await stackIdle();
}, 60_000);

afterAll(async () => {
  await closeAll();
  doc.destroy();
});

describe('GET /kpis and /pos/{id}/kpis', () => {
  it('a machine’s KPIs are the counters its messages moved: sales, availability, repair, lost sales at its own rate', async () => {
    const res = await api(`/pos/${seller}/kpis`, { token: superAdmin });
    expect(res.status, res.text).toBe(200);
    const k = res.body;
    expect(k).toMatchObject({ currency: 'EUR', days: KPI_INTERVAL_DAYS.default, machineDays: 1, sales: { count: 3, value: 600 }, salesPerMachineDay: 600 });
    expect(k.averageTicket).toBe(200);
    expect(k.cashlessShare).toBe(0.5);
    expect(k).toMatchObject({ alarmsRaised: 1, alarmsRepaired: 1, meanTimeToRepairHours: 2, blockingHours: 2 });
    expect(k.offlineHours).toBeCloseTo(5, 1);
    expect(k.availability).toBeCloseTo(1 - 7 / 24, 2);
    // Its own rate: 600 sold since its first day with a sale began; the 5 offline hours are priced at it.
    const rate = 600 / ((now - Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`)) / HOUR);
    expect(k.lostHours).toBeCloseTo(5, 1);
    expect(k.potentialLostSales).toBeGreaterThan(0);
    expect(Math.abs(k.potentialLostSales - rate * 5)).toBeLessThan(rate * 0.2 + 2);
    expect(k).toMatchObject({ refunds: { count: 0, value: 0 }, coinRejectionRate: null, billRejectionRate: null });

    const c = (await api(`/pos/${cash}/kpis?days=2`, { token: superAdmin })).body;
    expect(c).toMatchObject({ days: 2, coinRejectionRate: 25, coinRejectionTone: 'red', billRejectionRate: 10, billRejectionTone: 'green' });
    expect(c).toMatchObject({ sales: { count: 0, value: 0 }, averageTicket: null, cashlessShare: null, availability: 1, meanTimeToRepairHours: null });
  });

  it('a merchant’s KPIs sum its machines’ counters; machine-days count the machines from the day they joined', async () => {
    const res = await api(`/kpis?merchantId=${merchantId}&days=365`, { token: superAdmin });
    expect(res.status, res.text).toBe(200);
    const k = res.body;
    expect(k).toMatchObject({ days: 365, machineDays: 2, sales: { count: 3, value: 600 }, salesPerMachineDay: 300, alarmsRaised: 1, alarmsRepaired: 1 });
    expect(k.availability).toBeCloseTo(1 - 7 / 48, 2);
    expect(k).toMatchObject({ coinRejectionRate: 25, coinRejectionTone: 'red', billRejectionRate: 10 });
    const stats = (await api(`/transactions/stats?merchantId=${merchantId}&from=${k.from}&to=${k.to}`, { token: superAdmin })).body.totals;
    expect(k.sales.value).toBe(stats.cash.value + stats.cashless.value + stats.media.value);
  });

  it('every role; a group admin sees its groups’ figures; foreign and unknown ids are 404; 1 and 366 days are 400 naming the field', async () => {
    const mine = await api('/kpis?merchantId=acme-vending', { token: merchantAdmin });
    expect(mine.status, mine.text).toBe(200);
    expect((await api('/kpis?merchantId=acme-vending', { token: merchantUser })).status).toBe(200);
    const group = await api('/kpis?merchantId=acme-vending', { token: groupAdmin });
    expect(group.status, group.text).toBe(200);
    const groupStats = (await api(`/transactions/stats?merchantId=acme-vending&from=${group.body.from}&to=${group.body.to}`, { token: groupAdmin })).body
      .totals;
    expect(group.body.sales.value).toBe(groupStats.cash.value + groupStats.cashless.value + groupStats.media.value);
    expect(group.body.machineDays).toBeLessThan(mine.body.machineDays);
    // Merchant-wide cash counters are not a group's: the group admin gets no rejection rate rather than the merchant's.
    expect(group.body.coinRejectionRate).toBeNull();
    const foreignGroup = await api('/kpis?merchantId=acme-vending&groupId=acme-south', { token: groupAdmin });
    expect(foreignGroup.body).toMatchObject({ machineDays: 0, sales: { count: 0, value: 0 }, salesPerMachineDay: null });

    expect((await api('/kpis?merchantId=acme-vending', { token: bravoAdmin })).status).toBe(404);
    expect((await api(`/pos/${seller}/kpis`, { token: merchantAdmin })).status).toBe(404);
    expect((await api('/kpis?merchantId=no-such-merchant', { token: superAdmin })).body.code).toBe('MerchantNotFoundException');
    expect((await api(`/pos/${newSerial()}/kpis`, { token: superAdmin })).status).toBe(404);
    for (const days of [1, 366, 2.5]) {
      const bad = await api(`/kpis?merchantId=${merchantId}&days=${days}`, { token: superAdmin });
      expect(bad.status, `${days}`).toBe(400);
      expect(JSON.stringify(bad.body.details)).toContain('days');
      expect((await api(`/pos/${seller}/kpis?days=${days}`, { token: superAdmin })).status).toBe(400);
    }
    expect((await api(`/pos/${seller}/kpis?days=2`, { token: superAdmin })).status).toBe(200);
  });
});

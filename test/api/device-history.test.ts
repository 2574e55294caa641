/**
 * A machine's audits, cash and transactions: simulated devices publish over MQTT, the API reads them back
 * (paging, ranges, filters, the DEX download, the cash figures) within the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { auditMessage, connectDevice, DexBook, saleTransaction, salesMessage, type SimulatedDevice } from '../../infra/local/simulator';
import { newSerial, waitFor } from './support/devices';
import { api } from './support/http';
import { idToken, stack, tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let bravoAdmin = '';
/** An Acme machine in acme-north (the demo group admin's group) and one in acme-south. */
let north = '';
let south = '';
const devices: SimulatedDevice[] = [];

const day = (d: number, time = '06:00:00') => `2026-11-0${d}T${time}.000Z`;
/** Audits of the north machine, Nov 1–5 at 06:00; the one of Nov 4 came without EVA-DTS text. */
const ORIGINS = [2, 2, 1, 0, 3];
const dexOf: Record<number, string> = {};

async function joinAcme(groupId: string): Promise<string> {
  const serial = newSerial();
  const joined = await api('/pos/join', { method: 'POST', token: merchantAdmin, body: { serial, pin: DEMO_PINS['acme-vending'], name: `History ${serial}` } });
  expect(joined.status, joined.text).toBe(201);
  const grouped = await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } });
  expect(grouped.status, grouped.text).toBe(200);
  return serial;
}

const auditsOf = (serial: string, query = '', token = superAdmin) => api(`/pos/${serial}/audits${query}`, { token });
const readDays = (items: Array<{ readAt: string }>) => items.map((a) => a.readAt.slice(0, 10));

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  groupAdmin = await tokenFor('NEBULARGROUPADMIN');
  bravoAdmin = await idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!);
  north = await joinAcme('acme-north');
  south = await joinAcme('acme-south');

  // Each day a cash sale of 1.50 € (1 € to the cash box, 0.50 € to the tubes), then the day's audit.
  const device = await connectDevice(stack.mqtt, north);
  devices.push(device);
  const book = new DexBook();
  for (let d = 1; d <= 5; d++) {
    const sale = saleTransaction({
      id: `CASH${d}`,
      type: 2,
      mediaType: 252,
      value: 150,
      currency: 'EUR',
      productCode: 'A12',
      line: 12,
      priceTable: 1,
      createdAt: day(d, '05:00:00'),
    });
    book.record(sale);
    await device.publish('sales', salesMessage(north, [sale]));
    dexOf[d] = book.text(north, day(d));
    await device.publish('audit', auditMessage(north, { readAt: day(d), origin: ORIGINS[d - 1], dex: d === 4 ? null : dexOf[d] }));
  }
  // Card and key sales of Nov 6, in one message.
  await device.publish(
    'sales',
    salesMessage(north, [
      saleTransaction({
        id: 'CARD6',
        type: 1,
        mediaType: 90,
        value: 200,
        currency: 'EUR',
        productCode: 'B07',
        line: 7,
        priceTable: 6,
        createdAt: day(6, '09:00:00'),
        valueCharge: 20,
      }),
      saleTransaction({
        id: 'KEY6',
        type: 3,
        mediaType: 2,
        value: 0,
        currency: 'EUR',
        productCode: 'B07',
        line: 7,
        priceTable: 2,
        createdAt: day(6, '10:00:00'),
        freeSale: true,
      }),
    ]),
  );
  // The south machine sends an audit without text only.
  const other = await connectDevice(stack.mqtt, south);
  devices.push(other);
  await other.publish('audit', auditMessage(south, { readAt: day(3), origin: 2, dex: null }));

  await waitFor(async () => (await auditsOf(north)).body.total === 5 && (await auditsOf(south)).body.total === 1, 'the audits');
  await waitFor(async () => (await api(`/pos/${north}/transactions`, { token: superAdmin })).body.total === 7, 'the transactions');
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.client.endAsync()));
});

describe('audits of a machine', () => {
  it('lists newest first, a page at a time, with and without the cursor', async () => {
    const first = await auditsOf(north, '?size=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(readDays(first.body.items)).toEqual(['2026-11-05', '2026-11-04']);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      readAt: day(5),
      origin: 3,
      port: 'machine',
      hasDex: true,
      integrity: 'whole',
      receivedAt: expect.any(String),
    });
    expect(first.body.items[1]).toMatchObject({ origin: 0, hasDex: false, integrity: null });
    const second = await auditsOf(north, `?size=2&page=2&cursor=${first.body.cursor}`);
    expect(readDays(second.body.items)).toEqual(['2026-11-03', '2026-11-02']);
    const third = await auditsOf(north, '?size=2&page=3');
    expect(readDays(third.body.items)).toEqual(['2026-11-01']);
    expect(third.body.cursor).toBeUndefined();
    const oldest = await auditsOf(north, '?size=1&ordType=asc');
    expect(readDays(oldest.body.items)).toEqual(['2026-11-01']);
  });

  it('narrows to a range (from inclusive, to exclusive) and an origin', async () => {
    const range = await auditsOf(north, `?from=${day(2)}&to=${day(4)}`);
    expect(readDays(range.body.items)).toEqual(['2026-11-03', '2026-11-02']);
    expect(range.body.total).toBe(2);
    const user = await auditsOf(north, '?origin=1');
    expect(readDays(user.body.items)).toEqual(['2026-11-03']);
    expect(user.body.total).toBe(1);
    const since = await auditsOf(north, `?from=2026-11-04T00:00:00%2B01:00`);
    expect(readDays(since.body.items)).toEqual(['2026-11-05', '2026-11-04']);
  });

  it('refuses reversed ranges, unknown origins and parameters, and a cursor of another machine', async () => {
    expect((await auditsOf(north, `?from=${day(4)}&to=${day(2)}`)).status).toBe(400);
    expect((await auditsOf(north, '?origin=9')).status).toBe(400);
    expect((await auditsOf(north, '?port=auto')).status).toBe(400);
    const cursorOfNorth = (await auditsOf(north, '?size=1')).body.cursor;
    const crossed = await auditsOf(south, `?size=1&page=2&cursor=${cursorOfNorth}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('InvalidCursorException');
  });

  it('downloads the exact EVA-DTS text as a .dex attachment', async () => {
    const [latest] = (await auditsOf(north, '?size=1')).body.items;
    const res = await api(`/pos/${north}/audits/${latest.id}/download`, { token: merchantAdmin });
    expect(res.status).toBe(200);
    expect(res.text).toBe(dexOf[5]);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${north}-20261105T060000Z.dex"`);
  });

  it('answers 404 AuditNotFoundException for an audit without text, an unknown one, or another machine’s', async () => {
    const items = (await auditsOf(north)).body.items as Array<{ id: string; hasDex: boolean }>;
    const withoutText = items.find((a) => !a.hasDex)!;
    const missing = await api(`/pos/${north}/audits/${withoutText.id}/download`, { token: superAdmin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'AuditNotFoundException', message: 'Audit not found (retention expired)' });
    const unknown = Buffer.from(`${day(5)}#au-never-sent-1`).toString('base64url');
    expect((await api(`/pos/${north}/audits/${unknown}/download`, { token: superAdmin })).body.code).toBe('AuditNotFoundException');
    const notAKey = Buffer.from('POS#../../MERCHANT#x').toString('base64url');
    expect((await api(`/pos/${north}/audits/${notAKey}/download`, { token: superAdmin })).status).toBe(404);
    const northsOnSouth = await api(`/pos/${south}/audits/${items[0]!.id}/download`, { token: superAdmin });
    expect(northsOnSouth.status).toBe(404);
    expect((await api(`/pos/${north}/audits/not*an*id/download`, { token: superAdmin })).status).toBe(400);
  });
});

describe('cash of a machine', () => {
  it('answers the latest audit’s figures, as in its DEX text, and the cash box over the range', async () => {
    const res = await api(`/pos/${north}/cash?from=${day(1, '00:00:00')}&to=${day(6, '00:00:00')}`, { token: merchantAdmin });
    expect(res.status).toBe(200);
    const latest = (await auditsOf(north, '?size=1')).body.items[0];
    expect(res.body.latest).toMatchObject({ auditId: latest.id, readAt: day(5) });
    const cash = res.body.latest.cash;
    expect(cash).toMatchObject({ machineSerial: north.replace('-', ''), currency: 'EUR', decimals: 2, machineTime: '2026-11-05T06:00:00', unreadLines: 0 });
    // Five cash sales of 1.50 € since the reset: 5 € to the box, 2.50 € to the tubes (5 coins of 50 c).
    expect(cash.cashSales.sinceReset).toEqual({ value: 750, count: 5 });
    expect(cash.cashIn.sinceReset).toEqual({ total: 750, toBox: 500, toTubes: 250, bills: 0 });
    expect(cash.paidVends.sinceReset).toEqual({ value: 750, count: 5 });
    expect(cash.tubes).toContainEqual({ coinType: 3, value: 50, count: 17 });
    expect(cash.tubeContents).toBe(1540 + 250);
    expect(dexOf[5]).toContain('CA3*750*500*250*0*');
    // No point for the audit of Nov 4 (no text); oldest first.
    expect(res.body.series.map((p: { readAt: string }) => p.readAt.slice(0, 10))).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05']);
    expect(res.body.series.map((p: { cashBox: number }) => p.cashBox)).toEqual([100, 200, 300, 500]);
    expect(res.body.series.map((p: { tubeContents: number }) => p.tubeContents)).toEqual([1590, 1640, 1690, 1790]);
    const narrow = await api(`/pos/${north}/cash?from=${day(2)}&to=${day(3)}`, { token: merchantAdmin });
    expect(narrow.body.series.map((p: { cashBox: number }) => p.cashBox)).toEqual([200]);
    expect(narrow.body.latest.readAt).toBe(day(5));
  });

  it('has no figures for a machine whose audits came without text', async () => {
    const res = await api(`/pos/${south}/cash`, { token: superAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ latest: null, series: [] });
  });
});

describe('transactions of a machine', () => {
  it('lists newest first with every field, paged, by range and type', async () => {
    const first = await api(`/pos/${north}/transactions?size=3`, { token: merchantAdmin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, size: 3, total: 7 });
    expect(first.body.items.map((t: { transactionId: string }) => t.transactionId)).toEqual(['KEY6', 'CARD6', 'CASH5']);
    expect(first.body.items[0]).toEqual({
      transactionId: 'KEY6',
      createdAt: day(6, '10:00:00'),
      type: 3,
      line: 7,
      productCode: 'B07',
      priceTable: 2,
      value: 0,
      currency: 'EUR',
      mediaType: 2,
      freeSale: true,
      // The cloud's: when it was received and the machine's name then.
      savedAt: expect.any(String),
      posName: expect.stringMatching(/^History /),
    });
    expect(first.body.items[1]).toMatchObject({ transactionId: 'CARD6', type: 1, mediaType: 90, value: 200, valueCharge: 20 });
    const next = await api(`/pos/${north}/transactions?size=3&page=2&cursor=${first.body.cursor}`, { token: merchantAdmin });
    expect(next.body.items.map((t: { transactionId: string }) => t.transactionId)).toEqual(['CASH4', 'CASH3', 'CASH2']);
    const cashOnly = await api(`/pos/${north}/transactions?type=2&from=${day(2, '00:00:00')}&to=${day(4, '00:00:00')}`, { token: merchantAdmin });
    expect(cashOnly.body.items.map((t: { transactionId: string }) => t.transactionId)).toEqual(['CASH3', 'CASH2']);
    expect(cashOnly.body.total).toBe(2);
    const all = await api(`/pos/${north}/transactions?type=0&ordType=asc&size=1`, { token: merchantAdmin });
    expect(all.body).toMatchObject({ total: 7, items: [{ transactionId: 'CASH1' }] });
    expect((await api(`/pos/${north}/transactions?type=99`, { token: merchantAdmin })).status).toBe(400);
  });
});

describe('scope', () => {
  const paths = (serial: string) => [`/pos/${serial}/audits`, `/pos/${serial}/cash`, `/pos/${serial}/transactions`];

  it('a group admin reads the machines of its groups only; another group’s answer 404', async () => {
    for (const path of paths(north)) expect((await api(path, { token: groupAdmin })).status, path).toBe(200);
    for (const path of paths(south)) {
      const res = await api(path, { token: groupAdmin });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('PosNotFoundException');
    }
    const id = (await auditsOf(north, '?size=1')).body.items[0].id;
    expect((await api(`/pos/${north}/audits/${id}/download`, { token: groupAdmin })).status).toBe(200);
  });

  it('another merchant’s admin gets 404 for every history route', async () => {
    const id = (await auditsOf(north, '?size=1')).body.items[0].id;
    for (const path of [...paths(north), `/pos/${north}/audits/${id}/download`]) {
      const res = await api(path, { token: bravoAdmin });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('PosNotFoundException');
    }
  });
});

/**
 * A merchant's transactions (issue 20 items 1 and 2) over HTTP: machines publish sales over real MQTT, the list,
 * all, CSV, used types and statistics show them; a group admin sees its groups' machines only; statistics equal the
 * sum of the listed transactions; a duplicated sales message counts once.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { saleIndexAttributes } from '../../functions/adapters/dynamodb/transaction-records';
import { dayIn } from '../../functions/core/shared/zoned-time';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { saleTransaction, salesMessage } from '../../infra/local/simulator';
import type { SaleTransaction } from '#schemas/iot';
import { MAX_TRANSACTION_RESULTS, STAT_CATEGORIES, TRANSACTION_CSV_COLUMNS, transactionCategory } from '#schemas/transaction-constants';
import { parseCsv } from '../../functions/core/shared/csv';
import { newMerchantWithMachines, newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { idToken, stack, stackDeps, tokenFor } from './support/stack';

const doc = stackDeps().doc;
const { connect, closeAll: closeDevices } = simulatedDevices();
let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';

// A month boundary of a past year no other test writes to: its last day at 10:00 UTC.
const month = randomInt(0, 11);
const base = Date.UTC(2024, month + 1, 0, 10);
const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
const FROM = at(-1);
const TO = at(72);
const ROME = 'Europe/Rome';
const MEDIA_1 = `04${randomInt(0x10000000, 0xffffffff).toString(16).toUpperCase()}A1`;
const MEDIA_2 = `7F${randomInt(0x10000000, 0xffffffff).toString(16).toUpperCase()}B2`;

const machines = { north1: '', north2: '', south: '' };
let sales: Record<keyof typeof machines, SaleTransaction[]>;
const every = () => Object.values(sales).flat();

async function acmeMachine(groupId: string, name: string): Promise<string> {
  const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: newSerial(), pin: DEMO_PINS['acme-vending'], name } });
  expect(joined.status, joined.text).toBe(201);
  const serial = joined.body.serial as string;
  expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
  return serial;
}

const query = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries({ merchantId: 'acme-vending', from: FROM, to: TO, ...q }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
const list = (q: Record<string, string | number | undefined> = {}, token = merchantAdmin) => api(`/transactions?${query(q)}`, { token });

/** Every transaction of a selection, paging on with each page's cursor (every page tells the same total: it travels in the cursor). */
async function walk(q: Record<string, string | number | undefined>, token = merchantAdmin) {
  const items: Array<Record<string, any>> = [];
  let cursor: string | undefined;
  let total: number | undefined;
  for (let page = 1; page < 50; page++) {
    const res = await list({ ...q, page, cursor }, token);
    expect(res.status, res.text).toBe(200);
    total ??= res.body.total;
    expect(res.body.total).toBe(total);
    items.push(...res.body.items);
    cursor = res.body.cursor;
    if (!cursor) break;
  }
  return items;
}

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser, bravoAdmin] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    tokenFor('NEBULARMERCHANTUSER'),
    idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!),
  ]);
  machines.north1 = await acmeMachine('acme-north', 'Tx North 1');
  machines.north2 = await acmeMachine('acme-north', 'Tx North 2');
  machines.south = await acmeMachine('acme-south', 'Tx South');
  const t = (o: Partial<SaleTransaction>) => saleTransaction({ currency: 'EUR', ...o });
  sales = {
    north1: [
      t({ type: 2, value: 120, mediaType: 252, createdAt: at(0), productCode: 'A12', product: 'Espresso' }),
      t({
        type: 3,
        value: 90,
        mediaType: 2,
        createdAt: at(1),
        productCode: 'B07',
        media: { id: MEDIA_1, serial: '00012345', credit: 1410, counter: 37 },
        source: { type: 1, serial: 'CENG-00000001' },
      }),
      t({
        type: 4,
        value: 1000,
        mediaType: 2,
        createdAt: at(2),
        productCode: '',
        media: { id: MEDIA_1, serial: '00012345', credit: 2410, counter: 38 },
        source: { type: 2, serial: 'RS-1' },
      }),
      t({ type: 2, value: 100, mediaType: 252, createdAt: at(3), freeSale: true }),
      t({ type: 7, value: 30, mediaType: 0, createdAt: at(4) }),
    ],
    north2: [
      // 23:30 UTC on the month's last day is already the next month's first day in Rome.
      t({ type: 1, value: 150, mediaType: 90, createdAt: at(13.5), creditCardInfo: { fileId: 'CC-000187' } }),
      t({ type: 5, value: 50, mediaType: 2, createdAt: at(24) }),
      t({ type: 3, value: 80, mediaType: 2, createdAt: at(25), errorSale: true, originalTransactionId: 'T-ORIGINAL' }),
    ],
    south: [
      t({
        type: 3,
        value: 110,
        mediaType: 27,
        createdAt: at(1.5),
        media: { id: MEDIA_2, serial: 'FFFFFFFF', credit: 390, externalService: 2 },
        source: { type: 3, serial: 'app-eu-1' },
        externalServiceInfo: { userId: 'u-58213' },
      }),
      t({ type: 2, value: 200, mediaType: 252, createdAt: at(26) }),
      t({ type: 11, value: 60, mediaType: 90, createdAt: at(48) }),
    ],
  };
  for (const [name, serial] of Object.entries(machines) as Array<[keyof typeof machines, string]>) {
    const device = await connect(serial);
    await device.publish('sales', salesMessage(serial, sales[name]));
  }
  await waitFor(async () => (await list({ size: 1 })).body.total === every().length, 'the sales listed');
});

afterAll(async () => {
  await closeDevices();
  doc.destroy();
});

describe('GET /transactions', () => {
  it('pages the merchant’s transactions newest first across month partitions with each page’s cursor, every field shown', async () => {
    const items = await walk({ size: 4 });
    expect(items.map((i) => i.transactionId)).toEqual([...every()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).map((t) => t.id));
    const media = items.find((i) => i.transactionId === sales.north1[1]!.id)!;
    expect(media).toMatchObject({
      serial: machines.north1,
      posName: 'Tx North 1',
      groupId: 'acme-north',
      type: 3,
      value: 90,
      currency: 'EUR',
      mediaType: 2,
      category: 'media',
      productCode: 'B07',
      freeSale: false,
      errorSale: false,
      createdAt: at(1),
      media: { id: MEDIA_1, serial: '00012345', credit: 1410, counter: 37, bonusCredit: null, externalService: null },
      source: { type: 1, serial: 'CENG-00000001' },
      creditCardInfo: null,
      externalServiceInfo: null,
    });
    expect(Date.parse(media.savedAt)).toBeGreaterThan(base);
    expect(items.find((i) => i.transactionId === sales.south[0]!.id)).toMatchObject({
      externalServiceInfo: { userId: 'u-58213' },
      media: { externalService: 2 },
      groupId: 'acme-south',
    });
    expect(items.find((i) => i.transactionId === sales.north2[2]!.id)).toMatchObject({
      errorSale: true,
      category: 'error',
      originalTransactionId: 'T-ORIGINAL',
    });
    const ascending = await walk({ size: 5, ordType: 'asc' });
    expect(ascending.map((i) => i.transactionId)).toEqual(items.map((i) => i.transactionId).reverse());
    // Page 3 without a cursor is the same as with page 2's.
    const page3 = await list({ size: 4, page: 3 });
    expect(page3.body.items.map((i: { transactionId: string }) => i.transactionId)).toEqual(items.slice(8, 12).map((i) => i.transactionId));
    expect(page3.body.total).toBe(items.length);
    // A cursor of another selection does not bring its total along; a cursor that does not decode is refused.
    const page1 = await list({ size: 4 });
    const typed = await list({ size: 4, page: 2, type: 3, cursor: page1.body.cursor });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body.total).toBe(every().filter((t) => t.type === 3).length);
    const tampered = Buffer.from(JSON.stringify({ c: 'x', t: -1, k: 'y' })).toString('base64url');
    expect((await list({ size: 4, page: 2, cursor: tampered })).status).toBe(400);
  });

  it('filters by machines, group, type, media type, source type, product and value range', async () => {
    const ids = async (q: Record<string, string | number>) => (await walk({ size: 20, ...q })).map((i) => i.transactionId).sort();
    const expected = (pick: (t: SaleTransaction, machine: keyof typeof machines) => boolean) =>
      (Object.entries(sales) as Array<[keyof typeof machines, SaleTransaction[]]>)
        .flatMap(([m, list]) => list.filter((t) => pick(t, m)).map((t) => t.id))
        .sort();
    expect(await ids({ serials: `${machines.north2},${machines.south}` })).toEqual(expected((_, m) => m !== 'north1'));
    expect(await ids({ groupId: 'acme-south' })).toEqual(expected((_, m) => m === 'south'));
    expect(await ids({ type: 3 })).toEqual(expected((t) => t.type === 3));
    expect(await ids({ type: 0 })).toEqual(expected(() => true));
    expect(await ids({ mediaType: 2 })).toEqual(expected((t) => t.mediaType === 2));
    expect(await ids({ sourceType: 3 })).toEqual(expected((t) => t.source?.type === 3));
    expect(await ids({ sourceType: 0 })).toEqual(expected((t) => !t.source));
    expect(await ids({ productCode: 'B07' })).toEqual(expected((t) => t.productCode === 'B07'));
    expect(await ids({ valueMin: 90, valueMax: 150 })).toEqual(expected((t) => t.value >= 90 && t.value <= 150));
    expect(await ids({ type: 2, groupId: 'acme-north', valueMin: 110 })).toEqual(expected((t, m) => t.type === 2 && m !== 'south' && t.value >= 110));
    const filtered = await list({ type: 2, size: 1 });
    expect(filtered.body.total).toBe(expected((t) => t.type === 2).length);
  });

  it('a group admin sees only its groups’ machines; a merchant user reads them all; another merchant answers 404', async () => {
    const north = (await walk({ size: 20 }, groupAdmin)).map((i) => i.serial);
    expect(new Set(north)).toEqual(new Set([machines.north1, machines.north2]));
    expect((await list({ groupId: 'acme-south' }, groupAdmin)).body).toMatchObject({ items: [], total: 0 });
    expect((await list({ serials: machines.south }, groupAdmin)).body).toMatchObject({ items: [], total: 0 });
    expect((await list({ serials: `${machines.south},${machines.north2}` }, groupAdmin)).body.total).toBe(sales.north2.length);
    expect((await list({ size: 1 }, merchantUser)).body.total).toBe(every().length);
    for (const path of ['/transactions', '/transactions/all', '/transactions/csv', '/transactions/used', '/transactions/stats', '/transactions/stats/pos']) {
      const foreign = await api(`${path}?merchantId=acme-vending`, { token: bravoAdmin });
      expect(foreign.status, path).toBe(404);
      expect(foreign.body.code).toBe('MerchantNotFoundException');
    }
    expect((await list({ size: 1 }, superAdmin)).body.total).toBe(every().length);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['/transactions?merchantId=acme-vending&type=99', 'type'],
      ['/transactions?merchantId=acme-vending&mediaType=3', 'mediaType'],
      ['/transactions?merchantId=acme-vending&sourceType=9', 'sourceType'],
      [`/transactions?merchantId=acme-vending&from=${TO}&to=${FROM}`, 'to'],
      ['/transactions?merchantId=acme-vending&from=2024-01-01T00:00:00Z&to=2025-06-01T00:00:00Z', 'from'],
      ['/transactions?merchantId=acme-vending&from=2020-01-01T00:00:00Z', 'from'],
      ['/transactions?merchantId=acme-vending&valueMin=10&valueMax=5', 'valueMax'],
      ['/transactions?merchantId=acme-vending&valueMin=1.5', 'valueMin'],
      ['/transactions?merchantId=acme-vending&serials=nope', 'serials'],
      ['/transactions?merchantId=acme-vending&cursor=garbage', 'cursor'],
      ['/transactions/all?merchantId=acme-vending&ordType=up', 'ordType'],
      ['/transactions/stats?merchantId=acme-vending&period=year', 'period'],
      ['/transactions/stats?merchantId=acme-vending&from=2024-01-01&to=2025-06-01', 'from'],
      ['/transactions/stats/pos?merchantId=acme-vending&from=2024-02-01&to=2024-01-01', 'to'],
      ['/transactions?merchantId=acme-vending&unknown=1', ''],
      ['/transactions/used', 'merchantId'],
    ];
    for (const [path, field] of cases) {
      const res = await api(path, { token: merchantAdmin });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      if (field) expect(JSON.stringify(res.body.details ?? []), path).toContain(field);
    }
  });
});

describe('GET /transactions/all and /csv', () => {
  it('all: every transaction of the selection in order', async () => {
    const res = await api(`/transactions/all?${query({ ordType: 'asc', groupId: 'acme-north' })}`, { token: merchantAdmin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((t: { transactionId: string }) => t.transactionId)).toEqual(
      [...sales.north1, ...sales.north2].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1)).map((t) => t.id),
    );
  });

  it('CSV: the historical export’s columns, a row per transaction with its media, source, card file and app user', async () => {
    const res = await api(`/transactions/csv?${query({})}`, { token: merchantUser });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('transactions-acme-vending.csv');
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([...TRANSACTION_CSV_COLUMNS]);
    expect(rows).toHaveLength(every().length);
    const row = (id: string) => Object.fromEntries(header!.map((c, i) => [c, rows.find((r) => r[2] === id)![i]]));
    expect(row(sales.north1[1]!.id)).toMatchObject({
      serial: machines.north1,
      posName: 'Tx North 1',
      type: '3',
      value: '90',
      mediaId: MEDIA_1,
      mediaSerial: '00012345',
      mediaCredit: '1410',
      sourceType: '1',
      groupId: 'acme-north',
    });
    expect(row(sales.south[0]!.id)).toMatchObject({ externalUserId: 'u-58213', sourceSerial: 'app-eu-1', mediaId: MEDIA_2 });
    expect(row(sales.north2[0]!.id)).toMatchObject({ creditCardFileId: 'CC-000187', mediaId: '' });
  });

  it(`past ${MAX_TRANSACTION_RESULTS} transactions, all answers 400 pointing to a historical data request; the CSV holds more`, async () => {
    const { merchantId } = await newMerchantWithMachines(superAdmin, 0);
    const serial = 'CENG-00000099';
    const start = Date.UTC(2024, 0, 10);
    const items = Array.from({ length: MAX_TRANSACTION_RESULTS + 1 }, (_, n) => {
      const createdAt = new Date(start + n * 1000).toISOString();
      return {
        ...keys.posSale(merchantId, serial, createdAt, 'seeded0000', n % 1000),
        ...saleIndexAttributes(merchantId, { createdAt, serial, groupId: null }, `seeded0000#${String(n % 1000).padStart(3, '0')}`),
        entity: 'SALE',
        merchantId,
        serial,
        transactionId: `S${n}`,
        type: 2,
        line: 1,
        productCode: 'A1',
        priceTable: 1,
        value: 100,
        currency: 'EUR',
        mediaType: 252,
        createdAt,
        savedAt: createdAt,
        messageId: 'seeded0000',
      };
    });
    await batchPutItems(doc, stack.tableName, items);
    const range = `merchantId=${merchantId}&from=2024-01-01T00:00:00Z&to=2024-02-01T00:00:00Z`;
    const all = await api(`/transactions/all?${range}`, { token: superAdmin });
    expect(all.status).toBe(400);
    expect(all.body.code).toBe('MaxResultsExceededException');
    expect(all.body.message).toMatch(/historical data/);
    const csv = await api(`/transactions/csv?${range}`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.text)).toHaveLength(MAX_TRANSACTION_RESULTS + 2);
    expect((await api(`/transactions/all?${range}&valueMax=99`, { token: superAdmin })).body).toEqual([]);
    const page = await api(`/transactions?${range}&size=100&page=3`, { token: superAdmin });
    expect(page.body).toMatchObject({ totalIsLowerBound: true });
    expect(page.body.total).toBeGreaterThanOrEqual(2000);
    expect(page.body.items).toHaveLength(100);
  });
});

describe('GET /transactions/used', () => {
  it('lists the types, media types and source types used', async () => {
    const res = await api('/transactions/used?merchantId=acme-vending', { token: groupAdmin });
    expect(res.status, res.text).toBe(200);
    for (const t of every()) {
      expect(res.body.types).toContain(t.type);
      expect(res.body.mediaTypes).toContain(t.mediaType);
    }
    expect(res.body.sourceTypes).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(res.body.types).toEqual([...res.body.types].sort((a: number, b: number) => a - b));
  });
});

describe('GET /transactions/stats and /stats/pos', () => {
  const days = { first: dayIn(ROME, at(-1)), last: dayIn(ROME, at(72)) };
  /** Count and value per category of listed transactions (`other` counts only). */
  function sums(items: Array<Record<string, any>>) {
    const out = Object.fromEntries(STAT_CATEGORIES.map((c) => [c, { count: 0, value: 0 }]));
    for (const t of items) {
      const c = transactionCategory(t as { type: number; freeSale: boolean; errorSale: boolean });
      expect(t.category).toBe(c);
      out[c]!.count++;
      if (c !== 'other') out[c]!.value += t.value;
    }
    return out;
  }

  it('by day in the merchant’s time zone: each day and the totals equal the sum of the listed transactions', async () => {
    const res = await api(`/transactions/stats?merchantId=acme-vending&from=${days.first}&to=${days.last}&period=day`, { token: merchantAdmin });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ currency: 'EUR', timezone: ROME, period: 'day', from: days.first, to: days.last });
    const listed = await walk({ size: 50 });
    expect(res.body.totals).toEqual(sums(listed));
    for (const p of res.body.periods as Array<{ start: string; figures: unknown }>) {
      expect(p.figures, p.start).toEqual(sums(listed.filter((t) => dayIn(ROME, t.createdAt) === p.start)));
    }
    expect(res.body.periods.map((p: { start: string }) => p.start)).toHaveLength(4);
    // The cashless sale at 23:30 UTC counts on the next day in Rome.
    const next = res.body.periods.find((p: { start: string }) => p.start === dayIn(ROME, at(13.5)));
    expect(next.figures.cashless.count).toBeGreaterThanOrEqual(1);
    expect(dayIn(ROME, at(13.5))).not.toBe(at(13.5).slice(0, 10));
  });

  it('by week and month: the same totals in fewer periods; a group admin: its groups only', async () => {
    const range = `merchantId=acme-vending&from=${days.first}&to=${days.last}`;
    const day = (await api(`/transactions/stats?${range}`, { token: merchantAdmin })).body;
    const week = (await api(`/transactions/stats?${range}&period=week`, { token: merchantAdmin })).body;
    const monthly = (await api(`/transactions/stats?${range}&period=month`, { token: merchantAdmin })).body;
    expect(week.totals).toEqual(day.totals);
    expect(monthly.totals).toEqual(day.totals);
    expect(monthly.periods.map((p: { start: string }) => p.start)).toEqual([days.first, `${days.last.slice(0, 7)}-01`]);
    expect(week.periods[0].start).toBe(days.first);
    const north = (await api(`/transactions/stats?${range}`, { token: groupAdmin })).body;
    expect(north.totals).toEqual(sums(await walk({ size: 50, groupId: 'acme-north' })));
    const south = (await api(`/transactions/stats?${range}&groupId=acme-south`, { token: merchantAdmin })).body;
    expect(south.totals).toEqual(sums(await walk({ size: 50, groupId: 'acme-south' })));
    expect((await api(`/transactions/stats?${range}&groupId=acme-south`, { token: groupAdmin })).body.totals.cash.count).toBe(0);
  });

  it('by machine: each machine’s figures over the range', async () => {
    const range = `merchantId=acme-vending&from=${days.first}&to=${days.last}`;
    const res = await api(`/transactions/stats/pos?${range}`, { token: merchantAdmin });
    expect(res.status, res.text).toBe(200);
    for (const [name, serial] of Object.entries(machines)) {
      const row = res.body.machines.find((m: { serial: string }) => m.serial === serial);
      expect(row, name).toMatchObject({ posName: `Tx ${name === 'south' ? 'South' : name === 'north1' ? 'North 1' : 'North 2'}` });
      expect(row.figures).toEqual(sums(await walk({ size: 50, serials: serial })));
    }
    const mine = await api(`/transactions/stats/pos?${range}`, { token: groupAdmin });
    expect(mine.body.machines.every((m: { groupId: string }) => m.groupId === 'acme-north')).toBe(true);
    // One day only: the machine's sales of that day.
    const oneDay = await api(`/transactions/stats/pos?merchantId=acme-vending&from=${days.first}&to=${days.first}`, { token: merchantAdmin });
    const south = oneDay.body.machines.find((m: { serial: string }) => m.serial === machines.south);
    expect(south.figures.media).toEqual({ count: 1, value: 110 });
    expect(south.figures.cash.count).toBe(0);
  });
});

describe('ingestion over MQTT', () => {
  it('a duplicated sales message (the same publish twice, and again later) counts once in lists and statistics', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1, 'Dup group');
    const serial = serials[0]!;
    const createdAt = new Date(Date.UTC(2025, 2, 14, 12)).toISOString();
    const message = salesMessage(serial, [
      saleTransaction({ type: 2, value: 120, createdAt }),
      saleTransaction({ type: 3, value: 90, mediaType: 2, createdAt, media: { id: 'ABCDEF0123', serial: '00000042' } }),
    ]);
    const device = await connect(serial);
    await Promise.all([device.publish('sales', message), device.publish('sales', message)]);
    const range = `merchantId=${merchantId}&from=2025-03-14T00:00:00Z&to=2025-03-15T00:00:00Z`;
    await waitFor(async () => (await api(`/transactions?${range}`, { token: superAdmin })).body.total === 2, 'the sales listed');
    await device.publish('sales', message);
    // A later message of the same machine shows the repeat was processed before it.
    await device.publish('sales', salesMessage(serial, [saleTransaction({ type: 2, value: 5, createdAt: new Date(Date.UTC(2025, 2, 15, 12)).toISOString() })]));
    await waitFor(
      async () =>
        (await api(`/transactions?merchantId=${merchantId}&from=2025-03-15T00:00:00Z&to=2025-03-16T00:00:00Z`, { token: superAdmin })).body.total === 1,
      'the later sale',
    );
    expect((await api(`/transactions?${range}`, { token: superAdmin })).body.total).toBe(2);
    // Statistics are written after the sale items: the later sale's counted day shows the repeat's batch is done.
    await waitFor(
      async () =>
        (await api(`/transactions/stats?merchantId=${merchantId}&from=2025-03-15&to=2025-03-15`, { token: superAdmin })).body.totals?.cash?.count === 1,
      'the later sale counted',
    );
    const stats = await api(`/transactions/stats?merchantId=${merchantId}&from=2025-03-14&to=2025-03-15`, { token: superAdmin });
    expect(stats.body.totals).toMatchObject({ cash: { count: 2, value: 125 }, media: { count: 1, value: 90 } });
    const used = await api(`/transactions/used?merchantId=${merchantId}`, { token: superAdmin });
    expect(used.body).toEqual({ types: [2, 3], mediaTypes: expect.arrayContaining([2]), sourceTypes: [] });
    const history = await api(`/pos/${serial}/transactions?from=2025-03-14T00:00:00Z&to=2025-03-15T00:00:00Z`, { token: superAdmin });
    expect(history.body.items.find((t: { type: number }) => t.type === 3)).toMatchObject({
      media: { id: 'ABCDEF0123', serial: '00000042' },
      posName: `Ingestion ${serial}`,
    });
  });
});

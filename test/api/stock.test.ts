/**
 * Stock of machines over HTTP (issue 19 items 3 and 4): a machine's stock, line edits, full refills, the
 * manage-stock list, pick lists; roles and bad input; and, over real MQTT, sales that decrement once however
 * often they are delivered and audits that reconcile with their PA counters and refill.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { auditMessage, DexBook, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { idToken, stack, stackDeps, stackIdle, tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const { connect, closeAll: closeDevices } = simulatedDevices();

async function product(name = unique('Product')): Promise<string> {
  const res = await api('/merchants/acme-vending/products', {
    method: 'POST',
    token: superAdmin,
    body: { code: `ST-${randomUUID().slice(0, 8)}`, name, productType: 'B', vat: 10 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function planogram(lines: Array<Record<string, unknown>>): Promise<string> {
  const res = await api('/merchants/acme-vending/planograms', {
    method: 'POST',
    token: superAdmin,
    body: { name: unique('Stock planogram'), planogramType: 'B', lines },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** An Acme machine in `groupId` with the planogram and stock management on. */
async function stockMachine(planogramId: string | null, groupId = 'acme-north', manageStock = true): Promise<string> {
  const name = unique('Stock machine');
  const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: newSerial(), pin: DEMO_PINS['acme-vending'], name } });
  expect(joined.status, joined.text).toBe(201);
  const serial = joined.body.serial as string;
  expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
  if (planogramId)
    expect((await api(`/pos/${serial}`, { method: 'PUT', token: superAdmin, body: { name, networkType: null, warrantyEnd: null, planogramId } })).status).toBe(
      200,
    );
  if (manageStock) expect((await api(`/pos/${serial}/manage-stock`, { method: 'PUT', token: superAdmin, body: { manageStock: true } })).status).toBe(200);
  return serial;
}

const stock = async (serial: string, token = superAdmin) => api(`/pos/${serial}/stock`, { token });
const values = async (serial: string) =>
  Object.fromEntries(((await stock(serial)).body.lines as Array<{ selection: string; value: number }>).map((l) => [l.selection, l.value]));
const refill = (serial: string, token = superAdmin) => api(`/pos/${serial}/stock/full-refill`, { method: 'POST', token });
const edit = (serial: string, lines: unknown, token = superAdmin) => api(`/pos/${serial}/stock`, { method: 'PUT', token, body: { lines } });

let cola = '';
let water = '';
let planogramId = '';
let serial = '';

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser, bravoAdmin] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    tokenFor('NEBULARMERCHANTUSER'),
    idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!),
  ]);
  [cola, water] = await Promise.all([product(unique('Cola')), product(unique('Water'))]);
  planogramId = await planogram([
    { selection: '11', productId: cola, capacity: 10, warningLevel: 3, refillValue: 8 },
    { selection: 'C2', productId: water, capacity: 6, warningLevel: 1, refillValue: 6 },
  ]);
  serial = await stockMachine(planogramId);
});

afterAll(async () => {
  await closeDevices();
});

describe('a machine’s stock', () => {
  it('starts with every line at 0 (out) once stock management is on; a full refill sets each line to its refill value', async () => {
    const start = await stock(serial, merchantUser);
    expect(start.status, start.text).toBe(200);
    expect(start.body).toMatchObject({
      serial,
      merchantId: 'acme-vending',
      planogramId,
      stockType: 2,
      fillPercent: 0,
      linesOut: 2,
      linesLow: 0,
      status: 1,
      lastRefillAt: null,
      daysToSellOut: 0,
    });
    expect(start.body.lines).toMatchObject([
      { selection: '11', productId: cola, capacity: 10, warningLevel: 3, refillValue: 8, value: 0, status: 1, stockType: 2, soldLast30Days: 0 },
      { selection: 'C2', productId: water, value: 0, status: 1 },
    ]);
    expect(start.body.lines[0].productName).toMatch(/^Cola /);

    const refilled = await refill(serial, groupAdmin);
    expect(refilled.status, refilled.text).toBe(200);
    expect(refilled.body).toMatchObject({ fillPercent: 87, linesOut: 0, linesLow: 0, status: 9, daysToSellOut: null });
    expect(refilled.body.lines.map((l: { value: number }) => l.value)).toEqual([8, 6]);
    expect(refilled.body.lastRefillAt).toEqual(refilled.body.lines[0].lastRefillAt);
    expect((await stock(serial)).body).toEqual(refilled.body);
  });

  it('a machine that has stock management on but no stock record gets one when stock management is turned on again', async () => {
    const repaired = await stockMachine(planogramId);
    const deps = stackDeps();
    try {
      await deps.stock.delete('acme-vending', repaired);
    } finally {
      deps.doc.destroy();
    }
    expect((await stock(repaired)).status).toBe(404);
    const on = await api(`/pos/${repaired}/manage-stock`, { method: 'PUT', token: merchantAdmin, body: { manageStock: true } });
    expect(on.status, on.text).toBe(200);
    const restored = await stock(repaired);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.lines.map((l: { selection: string; value: number }) => [l.selection, l.value])).toEqual([
      ['11', 0],
      ['C2', 0],
    ]);
  });

  it('edits set line values; a line at or below its warning level is low; the last refill stays', async () => {
    await refill(serial);
    const before = (await stock(serial)).body;
    const edited = await edit(
      serial,
      [
        { selection: '11', value: 3 },
        { selection: 'c2', value: 0 },
      ],
      merchantAdmin,
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.lines).toMatchObject([
      { value: 3, status: 4 },
      { value: 0, status: 1 },
    ]);
    expect(edited.body).toMatchObject({ linesLow: 1, linesOut: 1, status: 1, fillPercent: 18, lastRefillAt: before.lastRefillAt });
  });

  it('refuses bad input naming the line: negative, above capacity, not in the planogram, not a number; nothing is half-saved', async () => {
    await refill(serial);
    const negative = await edit(serial, [{ selection: '11', value: -1 }]);
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body.details)).toContain('lines.0.value');
    const above = await edit(serial, [
      { selection: 'C2', value: 2 },
      { selection: '11', value: 11 },
    ]);
    expect(above.status, above.text).toBe(400);
    expect(above.body).toMatchObject({
      code: 'StockValueAboveCapacityException',
      details: [{ path: 'body.lines.1.value', message: 'value must be at most 10' }],
    });
    const unknown = await edit(serial, [
      { selection: '11', value: 1 },
      { selection: '99', value: 1 },
    ]);
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'StockLineNotFoundException', details: [{ path: 'body.lines.1.selection' }] });
    for (const body of [
      { lines: [] },
      { lines: [{ selection: '11', value: 1.5 }] },
      { lines: [{ selection: '11', value: '3' }] },
      { lines: [{ selection: '11', value: 1, extra: true }] },
      {},
    ]) {
      const res = await api(`/pos/${serial}/stock`, { method: 'PUT', token: superAdmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await values(serial)).toEqual({ '11': 8, C2: 6 });
  });

  it('roles: merchant users only read; a group admin only its groups’ machines; another merchant’s machine is 404', async () => {
    expect((await edit(serial, [{ selection: '11', value: 1 }], merchantUser)).status).toBe(403);
    expect((await refill(serial, merchantUser)).status).toBe(403);
    const elsewhere = await stockMachine(planogramId, 'acme-south');
    for (const res of [
      await stock(elsewhere, groupAdmin),
      await refill(elsewhere, groupAdmin),
      await edit(elsewhere, [{ selection: '11', value: 1 }], groupAdmin),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(res.body.code).toBe('PosNotFoundException');
    }
    for (const res of [await stock(serial, bravoAdmin), await refill(serial, bravoAdmin)]) expect(res.status).toBe(404);
  });

  it('a machine without a planogram or with stock management off has no stock (404), and leaves the list when it is switched off', async () => {
    const noPlanogram = await stockMachine(null, 'acme-north', false);
    const off = await stockMachine(planogramId, 'acme-north', false);
    for (const s of [noPlanogram, off]) {
      for (const res of [await stock(s), await refill(s), await edit(s, [{ selection: '11', value: 1 }])]) {
        expect(res.status, res.text).toBe(404);
        expect(res.body.code).toBe('StockNotManagedException');
      }
    }
    const on = await stockMachine(planogramId);
    const listed = async () =>
      (
        (await api(`/stock/manage?merchantId=acme-vending&planogramId=${planogramId}&size=100`, { token: superAdmin })).body.items as Array<{ serial: string }>
      ).map((r) => r.serial);
    expect(await listed()).toContain(on);
    expect((await api(`/pos/${on}/manage-stock`, { method: 'PUT', token: superAdmin, body: { manageStock: false } })).status).toBe(200);
    expect((await stock(on)).status).toBe(404);
    expect(await listed()).not.toContain(on);
  });

  it('two full refills at once both land on the refill values', async () => {
    await edit(serial, [
      { selection: '11', value: 0 },
      { selection: 'C2', value: 0 },
    ]);
    const [a, b] = await Promise.all([refill(serial, merchantAdmin), refill(serial, groupAdmin)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await values(serial)).toEqual({ '11': 8, C2: 6 });
  });

  it('a planogram edit keeps the stock coherent: a new line starts at 0, a removed one goes, a smaller capacity lowers the value', async () => {
    const p = await planogram([
      { selection: '1', productId: cola, capacity: 10, warningLevel: 2, refillValue: 10 },
      { selection: '2', productId: water, capacity: 10, warningLevel: 2, refillValue: 10 },
    ]);
    const s = await stockMachine(p);
    await refill(s);
    const updated = await api(`/merchants/acme-vending/planograms/${p}`, {
      method: 'PUT',
      token: merchantAdmin,
      body: {
        name: unique('Edited'),
        planogramType: 'A',
        lines: [
          { selection: '1', productId: cola, capacity: 4, warningLevel: 1, refillValue: 4 },
          { selection: '3', productId: water, capacity: 5, warningLevel: 1, refillValue: 5 },
        ],
      },
    });
    expect(updated.status, updated.text).toBe(200);
    const after = (await stock(s)).body;
    expect(after.stockType).toBe(1);
    expect(after.lines).toMatchObject([
      { selection: '1', value: 4, capacity: 4, stockType: 1 },
      { selection: '3', value: 0, status: 1 },
    ]);
    // Deleting the planogram turns stock management off: no stock any more.
    await api(`/merchants/acme-vending/planograms/${p}`, { method: 'DELETE', token: merchantAdmin });
    expect((await stock(s)).status).toBe(404);
  });
});

describe('the manage-stock list and pick lists', () => {
  it('lists the merchant’s machines with stock by fill, with filters; a group admin sees only its groups’', async () => {
    const emptier = await stockMachine(planogramId, 'acme-south');
    await edit(emptier, [{ selection: '11', value: 4 }]);
    await refill(serial);
    const page = await api(`/stock/manage?merchantId=acme-vending&planogramId=${planogramId}&size=100`, { token: merchantUser });
    expect(page.status, page.text).toBe(200);
    const rows = page.body.items as Array<{ serial: string; fillPercent: number; groupId: string }>;
    expect(rows.map((r) => r.fillPercent)).toEqual([...rows.map((r) => r.fillPercent)].sort((a, b) => a - b));
    expect(rows.find((r) => r.serial === serial)).toMatchObject({
      fillPercent: 87,
      lines: 2,
      linesOut: 0,
      linesLow: 0,
      status: 9,
      groupId: 'acme-north',
      planogramId,
      stockType: 2,
    });
    expect(rows.find((r) => r.serial === emptier)).toMatchObject({ fillPercent: 25, linesOut: 1, status: 1, groupId: 'acme-south' });
    const desc = await api(`/stock/manage?merchantId=acme-vending&planogramId=${planogramId}&ordType=desc&size=100`, { token: superAdmin });
    expect(desc.body.items.map((r: { fillPercent: number }) => r.fillPercent)).toEqual(rows.map((r) => r.fillPercent).reverse());
    const out = await api(`/stock/manage?merchantId=acme-vending&planogramId=${planogramId}&status=1&size=100`, { token: superAdmin });
    expect(out.body.items.every((r: { status: number }) => r.status === 1)).toBe(true);
    expect(out.body.items.map((r: { serial: string }) => r.serial)).toContain(emptier);
    const mine = await api(`/stock/manage?merchantId=acme-vending&size=100`, { token: groupAdmin });
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((r: { groupId: string }) => r.groupId === 'acme-north')).toBe(true);
    expect((await api(`/stock/manage?merchantId=acme-vending&groupId=acme-south`, { token: groupAdmin })).body.items).toEqual([]);
    expect((await api(`/stock/manage?merchantId=acme-vending&status=5`, { token: superAdmin })).status).toBe(400);
    expect((await api(`/stock/manage?merchantId=bravo-distribucion`, { token: merchantAdmin })).status).toBe(404);
  });

  it('a pick list for chosen machines, a group or a client: per product what to bring, per machine days to sell out; CSV', async () => {
    const a = await stockMachine(planogramId);
    const b = await stockMachine(planogramId);
    await edit(a, [
      { selection: '11', value: 5 },
      { selection: 'C2', value: 6 },
    ]);
    await edit(b, [
      { selection: '11', value: 0 },
      { selection: 'C2', value: 2 },
    ]);
    const res = await api(`/stock/pick-list?merchantId=acme-vending&serials=${a},${b}`, { token: merchantUser });
    expect(res.status, res.text).toBe(200);
    const colaLine = res.body.products.find((p: { productId: string }) => p.productId === cola);
    expect(colaLine).toMatchObject({ quantity: 3 + 8 });
    expect(colaLine.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: a, selection: '11', value: 5, refillValue: 8, quantity: 3 }),
        expect.objectContaining({ serial: b, quantity: 8 }),
      ]),
    );
    expect(res.body.products.find((p: { productId: string }) => p.productId === water)).toMatchObject({ quantity: 4 });
    expect(res.body.totalQuantity).toBe(15);
    expect(res.body.machines.map((m: { serial: string }) => m.serial).sort()).toEqual([a, b].sort());
    expect(res.body.machines[0]).toMatchObject({ serial: b, daysToSellOut: 0, linesOut: 1 });

    const csv = await api(`/stock/pick-list/csv?merchantId=acme-vending&serials=${a},${b}`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('productCode,productName,productQuantity,serial,machineName,selection,value,refillValue,quantity');
    expect(lines).toHaveLength(1 + 3);

    const group = await api('/stock/pick-list?merchantId=acme-vending&groupId=acme-north', { token: groupAdmin });
    expect(group.status, group.text).toBe(200);
    expect(group.body.machines.map((m: { serial: string }) => m.serial)).toEqual(expect.arrayContaining([a, b, serial]));
    expect((await api('/stock/pick-list?merchantId=acme-vending&groupId=acme-south', { token: groupAdmin })).body.products).toEqual([]);

    const client = await api('/merchants/acme-vending/clients', { method: 'POST', token: superAdmin, body: { name: unique('Client'), country: 'IT' } });
    expect((await api(`/pos/${b}/associate-client`, { method: 'PUT', token: superAdmin, body: { clientId: client.body.id } })).status).toBe(200);
    const byClient = await api(`/stock/pick-list?merchantId=acme-vending&clientId=${client.body.id}`, { token: superAdmin });
    expect(byClient.body.machines.map((m: { serial: string }) => m.serial)).toEqual([b]);

    const notManaged = await stockMachine(null, 'acme-north', false);
    const refused = await api(`/stock/pick-list?merchantId=acme-vending&serials=${a},${notManaged}`, { token: superAdmin });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('StockNotManagedException');
    for (const q of ['', `&groupId=acme-north&clientId=${client.body.id}`, '&serials=nope', `&serials=${Array.from({ length: 501 }, () => a).join(',')}`]) {
      const bad = await api(`/stock/pick-list?merchantId=acme-vending${q}`, { token: superAdmin });
      expect(bad.status, q).toBe(400);
    }
  });
});

describe('stock over MQTT', () => {
  it('a sale delivered three times decrements its line once; other selections and sales below 0 change nothing; a refill audit restores', async () => {
    const s = await stockMachine(planogramId);
    await refill(s);
    const d = await connect(s);
    const sale = salesMessage(s, [saleTransaction({ id: 'S1', type: 2, line: 11, productCode: '11' })]);
    for (let i = 0; i < 3; i++) await d.publish('sales', sale);
    await d.publish(
      'sales',
      salesMessage(s, [
        saleTransaction({ id: 'S2', type: 2, line: 1, productCode: 'C2' }),
        saleTransaction({ id: 'S3', type: 2, line: 42, productCode: 'X9' }),
      ]),
    );
    await waitFor(async () => (await values(s)).C2 === 5 || undefined, 'the water sale');
    await stackIdle();
    expect(await values(s)).toEqual({ '11': 7, C2: 5 });
    const after = (await stock(s)).body;
    expect(after.lines[0]).toMatchObject({ soldLast30Days: 1, status: 9 });
    expect(after.lines[0].daysToSellOut).toBeGreaterThan(0);

    // Sold out: the eighth sale leaves 0, a ninth cannot go below.
    await d.publish(
      'sales',
      salesMessage(
        s,
        Array.from({ length: 9 }, (_, i) => saleTransaction({ id: `E${i}`, type: 3, line: 11, productCode: '11' })),
      ),
    );
    await waitFor(async () => (await values(s))['11'] === 0 || undefined, 'line 11 sold out');
    expect((await stock(s)).body).toMatchObject({ linesOut: 1, status: 1 });

    await d.publish('audit', auditMessage(s, { origin: 4, readAt: new Date().toISOString() }));
    await waitFor(async () => (await values(s))['11'] === 8 || undefined, 'the refill audit');
    expect(await values(s)).toEqual({ '11': 8, C2: 6 });
    expect((await stock(s)).body.lastRefillAt).not.toBeNull();
  });

  it('an audit reconciles with its PA counters: vends the sales never reported are taken off', async () => {
    const s = await stockMachine(planogramId);
    await refill(s);
    const d = await connect(s);
    const book = new DexBook();
    // After the refill: a baseline audit, one reported sale and two lost ones, then an audit counting all three.
    const t0 = Date.now() + 100;
    const vend = (id: string, ms: number) =>
      saleTransaction({ id, type: 2, line: 11, productCode: '11', mediaType: 252, createdAt: new Date(ms).toISOString() });
    for (let i = 0; i < 2; i++) book.record(vend(`B${i}`, t0 - 50));
    await d.publish('audit', auditMessage(s, { origin: 2, readAt: new Date(t0).toISOString(), dex: book.text(s, new Date(t0).toISOString()) }));
    await waitFor(async () => (await api(`/pos/${s}/audits`, { token: superAdmin })).body.items?.length === 1 || undefined, 'the first audit');
    expect(await values(s)).toEqual({ '11': 8, C2: 6 });
    const reported = vend('R1', t0 + 200);
    for (const t of [reported, vend('L1', t0 + 300), vend('L2', t0 + 400)]) book.record(t);
    await d.publish('sales', salesMessage(s, [reported]));
    await waitFor(async () => (await values(s))['11'] === 7 || undefined, 'the reported sale');
    const t1 = t0 + 500;
    await d.publish('audit', auditMessage(s, { origin: 2, readAt: new Date(t1).toISOString(), dex: book.text(s, new Date(t1).toISOString()) }));
    await waitFor(async () => (await values(s))['11'] === 5 || undefined, 'the reconciled line');
    expect(await values(s)).toEqual({ '11': 5, C2: 6 });
  });
});

describe('ingestion reads stock only of machines that manage it', () => {
  it('a sales or audit batch of a machine without stock management reads no stock record; once managed, its sales take from it', async () => {
    const s = await stockMachine(planogramId, 'acme-north', false);
    const { doc } = stackDeps();
    const stockReads: string[] = [];
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        const sk = (args.input as { Key?: { sk?: string | { S?: string } } }).Key?.sk;
        if (/^Get(Item)?Command$/.test(context.commandName ?? '') && (sk === 'STOCK' || (typeof sk === 'object' && sk.S === 'STOCK')))
          stockReads.push(context.commandName!);
        return next(args);
      },
      { step: 'initialize' },
    );
    const deps = buildIngestionDeps(
      {
        region: 'eu-west-1',
        tableName: stack.tableName,
        dynamodbEndpoint: stack.dynamodb,
        offlineAfterSeconds: 900,
        onlineBucketSeconds: DEFAULT_ONLINE_BUCKET_SECONDS,
      },
      doc,
    );
    const ingest = async (kind: 'sales' | 'audit', message: { serial: string }) =>
      expect(await ingestBatch(kind, [{ ...message, topic: `vend/${s}/${kind}`, receivedAt: Date.now() }], deps)).toMatchObject({ stored: 1, failed: [] });
    const sale = (id: string) => salesMessage(s, [saleTransaction({ id, type: 2, line: 11, productCode: '11' })]);

    await ingest('sales', sale('N1'));
    await ingest('audit', auditMessage(s, { origin: 4, readAt: new Date().toISOString() }));
    expect(stockReads).toEqual([]);

    expect((await api(`/pos/${s}/manage-stock`, { method: 'PUT', token: superAdmin, body: { manageStock: true } })).status).toBe(200);
    await refill(s);
    await ingest('sales', sale('M1'));
    expect(stockReads.length).toBeGreaterThan(0);
    expect(await values(s)).toEqual({ '11': 7, C2: 6 });

    // Off again: the registry says so at once.
    expect((await api(`/pos/${s}/manage-stock`, { method: 'PUT', token: superAdmin, body: { manageStock: false } })).status).toBe(200);
    stockReads.length = 0;
    await ingest('sales', sale('M2'));
    expect(stockReads).toEqual([]);
    doc.destroy();
  });
});

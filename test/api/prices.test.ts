/**
 * A machine's prices over HTTP (issue 19 item 5): read, save (versions, concurrent saves), send (remote command
 * 12 only with saved prices, 64 KB), cancel, history, bulk preview and apply, the ERP route by API token, roles
 * and bad input. The machine's side (acknowledgements, audits) is in prices-sync.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MACHINES, DEMO_PINS, DEMO_PLANOGRAMS } from '../../infra/local/demo-data';
import { issueApiToken } from './support/api-token';
import { newMerchantWithMachines, newSerial } from './support/devices';
import { api } from './support/http';
import { demoUser, idToken, stack, tokenFor } from './support/stack';

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const price = (line: string, priceTable: number, value: number) => ({ line, priceTable, value });

async function product(token: string, merchantId: string, name = unique('Product')): Promise<string> {
  const res = await api(`/merchants/${merchantId}/products`, {
    method: 'POST',
    token,
    body: { code: `PR-${randomUUID().slice(0, 8)}`, name, productType: 'B', vat: 10 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function planogram(token: string, merchantId: string, lines: Array<[string, string]>): Promise<string> {
  const body = {
    name: unique('Prices'),
    planogramType: 'B',
    lines: lines.map(([selection, productId]) => ({ selection, productId, capacity: 10, warningLevel: 2, refillValue: 10 })),
  };
  const res = await api(`/merchants/${merchantId}/planograms`, { method: 'POST', token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** A machine of the merchant (joined with its PIN), in a group and with a planogram when given. */
async function machine(token: string, pin: string, o: { groupId?: string; planogramId?: string } = {}): Promise<string> {
  const joined = await api('/pos/join', { method: 'POST', token, body: { serial: newSerial(), pin, name: unique('Prices machine') } });
  expect(joined.status, joined.text).toBe(201);
  const serial = joined.body.serial as string;
  if (o.groupId) expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token, body: { groupId: o.groupId } })).status).toBe(200);
  if (o.planogramId) {
    const pos = await api(`/pos/${serial}`, { token });
    const assigned = await api(`/pos/${serial}`, {
      method: 'PUT',
      token,
      body: { name: pos.body.name, networkType: null, warrantyEnd: null, planogramId: o.planogramId },
    });
    expect(assigned.status, assigned.text).toBe(200);
  }
  return serial;
}

const save = (token: string, serial: string, version: number, prices: unknown[]) =>
  api(`/pos/${serial}/prices`, { method: 'PUT', token, body: { version, prices } });
const send = (token: string, serial: string, body: Record<string, unknown>) => api(`/pos/${serial}/prices/send`, { method: 'POST', token, body });
const pricesOf = async (serial: string) => (await api(`/pos/${serial}/prices`, { token: superAdmin })).body;

let cola = '';
let water = '';
let acmePlanogram = '';
/** Acme machines on the planogram: one in the demo group admin's group (acme-north), one in no group. */
let northMachine = '';
let ungroupedMachine = '';
let bareMachine = '';

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    tokenFor('NEBULARMERCHANTUSER'),
  ]);
  bravoAdmin = await idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!);
  [cola, water] = await Promise.all([product(superAdmin, 'acme-vending', unique('Cola')), product(superAdmin, 'acme-vending', unique('Water'))]);
  acmePlanogram = await planogram(superAdmin, 'acme-vending', [
    ['1', cola],
    ['2', water],
    ['A3', cola],
  ]);
  const pin = DEMO_PINS['acme-vending']!;
  [northMachine, ungroupedMachine, bareMachine] = await Promise.all([
    machine(superAdmin, pin, { groupId: 'acme-north', planogramId: acmePlanogram }),
    machine(superAdmin, pin, { planogramId: acmePlanogram }),
    machine(superAdmin, pin),
  ]);
});

describe('prices of a machine', () => {
  it('every role reads the planogram’s lines with their products and the merchant’s currency; a machine never priced has none', async () => {
    const res = await api(`/pos/${northMachine}/prices`, { token: merchantUser });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      serial: northMachine,
      merchantId: 'acme-vending',
      planogramId: acmePlanogram,
      currency: 'EUR',
      decimals: 2,
      prices: [],
      version: 0,
      status: null,
      sending: null,
    });
    expect(res.body.lines.map((l: { selection: string }) => l.selection)).toEqual(['1', '2', 'A3']);
    expect(res.body.lines[1]).toMatchObject({ productId: water, productName: expect.stringMatching(/^Water /) });
    expect((await api(`/pos/${bareMachine}/prices`, { token: groupAdmin })).status).toBe(404);
    expect((await api(`/pos/${bareMachine}/prices`, { token: merchantAdmin })).body).toMatchObject({ planogramId: null, lines: [], prices: [] });
  });

  it('a save is a new version, pending, with who and when; lines take the planogram’s spelling; the history lists every version newest first', async () => {
    const first = await save(merchantAdmin, ungroupedMachine, 0, [price('a3', 6, 130), price('1', 1, 120), price('1', 6, 110)]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      version: 1,
      status: 'pending',
      origin: 'console',
      updatedBy: demoUser('NEBULARMERCHANTADMIN').email,
      lastSyncAt: null,
      syncedPrices: null,
    });
    expect(first.body.prices).toEqual([price('1', 1, 120), price('1', 6, 110), price('A3', 6, 130)]);
    expect(Date.parse(first.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await save(superAdmin, ungroupedMachine, 1, [price('1', 1, 125)]);
    expect(second.body).toMatchObject({ version: 2, prices: [price('1', 1, 125)], updatedBy: demoUser('NEBULARSUPERADMIN').email });
    expect(await pricesOf(ungroupedMachine)).toEqual(second.body);

    const history = await api(`/pos/${ungroupedMachine}/historical-prices`, { token: merchantUser });
    expect(history.status, history.text).toBe(200);
    expect(history.body).toMatchObject({ total: 2, page: 1 });
    expect(history.body.items.map((v: { version: number; action: string; by: string }) => [v.version, v.action, v.by])).toEqual([
      [2, 'save', demoUser('NEBULARSUPERADMIN').email],
      [1, 'save', demoUser('NEBULARMERCHANTADMIN').email],
    ]);
    expect(history.body.items[1].prices).toEqual(first.body.prices);
    const oldestFirst = await api(`/pos/${ungroupedMachine}/historical-prices?ordType=asc&size=1`, { token: merchantUser });
    expect(oldestFirst.body.items.map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('of two simultaneous saves at one version, one wins and the other gets 409 by version', async () => {
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { planogramId: acmePlanogram });
    const answers = await Promise.all([save(merchantAdmin, serial, 0, [price('1', 1, 100)]), save(superAdmin, serial, 0, [price('1', 1, 200)])]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.code).toBe('PricesChangedConcurrentlyException');
    const won = answers.find((a) => a.status === 200)!;
    expect(await pricesOf(serial)).toMatchObject({ version: 1, prices: won.body.prices });
    expect((await api(`/pos/${serial}/historical-prices`, { token: superAdmin })).body.total).toBe(1);
  });

  it('bad prices are refused with the field named and nothing saved', async () => {
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { planogramId: acmePlanogram });
    const cases: Array<[unknown, string]> = [
      [[price('1', 1, -5)], 'body.prices.0.value'],
      [[price('1', 1, 1.5)], 'body.prices.0.value'],
      [[price('1', 9, 100)], 'body.prices.0.priceTable'],
      [[price('1', 0, 100)], 'body.prices.0.priceTable'],
      [[price('1', 1, 100), price('Z9', 1, 100)], 'body.prices.1.line'],
      [[price('1', 1, 100), price('1', 1, 120)], 'body.prices.1.priceTable'],
      [[{ ...price('1', 1, 100), currency: 'EUR' }], 'body.prices.0'],
      [[{ line: '1', priceTable: 1 }], 'body.prices.0.value'],
    ];
    for (const [prices, field] of cases) {
      const res = await save(merchantAdmin, serial, 0, prices as unknown[]);
      expect(res.status, `${JSON.stringify(prices)}: ${res.text}`).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await save(merchantAdmin, serial, -1, [])).body.details[0].path).toBe('body.version');
    expect(await pricesOf(serial)).toMatchObject({ version: 0, prices: [] });
    const bare = await save(merchantAdmin, bareMachine, 0, [price('1', 1, 100)]);
    expect(bare.status).toBe(409);
    expect(bare.body.code).toBe('PosWithoutPlanogramException');
    expect((await save(merchantAdmin, 'CENG-00000000', 0, [])).status).toBe(404);
  });

  it('reads for every role; changes by administrators and group admins, a group admin only on its groups’ machines; another merchant’s machine is 404', async () => {
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { groupId: 'acme-north', planogramId: acmePlanogram });
    for (const token of [superAdmin, merchantAdmin, groupAdmin, merchantUser]) expect((await api(`/pos/${serial}/prices`, { token })).status).toBe(200);
    expect((await save(merchantUser, serial, 0, [price('1', 1, 90)])).status).toBe(403);
    expect((await send(merchantUser, serial, { version: 0 })).status).toBe(403);
    expect((await api(`/pos/${serial}/prices/cancel`, { method: 'POST', token: merchantUser, body: { version: 0 } })).status).toBe(403);
    const byGroupAdmin = await save(groupAdmin, serial, 0, [price('1', 1, 90)]);
    expect(byGroupAdmin.status, byGroupAdmin.text).toBe(200);
    expect((await save(groupAdmin, ungroupedMachine, 2, [price('1', 1, 90)])).status).toBe(404);
    expect((await api(`/pos/${serial}/prices`, { token: bravoAdmin })).status).toBe(404);
    expect((await save(bravoAdmin, serial, 1, [price('1', 1, 90)])).status).toBe(404);
    expect((await api(`/pos/${serial}/historical-prices`, { token: bravoAdmin })).status).toBe(404);
  });

  it('a send needs the saved version and no unsaved edits; it sends the saved prices as remote command 12', async () => {
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { planogramId: acmePlanogram });
    const never = await send(merchantAdmin, serial, { version: 0 });
    expect(never.status).toBe(409);
    expect(never.body.code).toBe('SavePricesBeforeSendingException');
    const saved = (await save(merchantAdmin, serial, 0, [price('1', 1, 120), price('2', 8, 95)])).body;
    expect((await send(merchantAdmin, serial, { version: 0 })).body.code).toBe('SavePricesBeforeSendingException');
    // A second tab saved meanwhile: this one's version is no longer the saved one.
    await save(superAdmin, serial, 1, [price('1', 1, 130), price('2', 8, 95)]);
    expect((await send(merchantAdmin, serial, { version: 1, prices: saved.prices })).body.code).toBe('SavePricesBeforeSendingException');
    // Edits on screen that were not saved.
    expect((await send(merchantAdmin, serial, { version: 2, prices: [price('1', 1, 140), price('2', 8, 95)] })).body.code).toBe(
      'SavePricesBeforeSendingException',
    );
    expect(await pricesOf(serial)).toMatchObject({ version: 2, sending: null });
    expect((await api(`/remote-commands/pos/${serial}?type=12`, { token: superAdmin })).body.total).toBe(0);

    const sent = await send(merchantAdmin, serial, { version: 2, prices: [price('2', 8, 95), price('1', 1, 130)] });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ version: 2, status: 'pending', sending: { version: 2, sentBy: demoUser('NEBULARMERCHANTADMIN').email } });
    const commands = (await api(`/remote-commands/pos/${serial}?type=12`, { token: superAdmin })).body;
    expect(commands.total).toBe(1);
    expect(commands.items[0]).toMatchObject({
      id: sent.body.sending.commandId,
      type: 12,
      params: { prices: [price('1', 1, 130), price('2', 8, 95)] },
      createdBy: demoUser('NEBULARMERCHANTADMIN').email,
    });
    const again = await send(merchantAdmin, serial, { version: 2 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RemoteCommandPendingException');
  });

  it('prices whose command would exceed 64 KB are saved but not sent, with the spec’s message', async () => {
    const lines = Array.from({ length: 200 }, (_, i): [string, string] => [`S${String(i).padStart(7, '0')}`, cola]);
    const big = await planogram(superAdmin, 'acme-vending', lines);
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { planogramId: big });
    const prices = lines.flatMap(([selection]) => [1, 2, 3, 4, 5, 6, 7, 8].map((t) => price(selection, t, 99_999_999)));
    const saved = await save(merchantAdmin, serial, 0, prices);
    expect(saved.status, saved.text).toBe(200);
    const res = await send(merchantAdmin, serial, { version: 1 });
    expect(res.status, res.text).toBe(413);
    expect(res.body).toMatchObject({ code: 'MessageTooLargeException', message: expect.stringContaining('exceeds 64 KB') });
    expect((await api(`/remote-commands/pos/${serial}?type=12`, { token: superAdmin })).body.total).toBe(0);
    expect(await pricesOf(serial)).toMatchObject({ version: 1, status: 'pending', sending: null });
  });

  it('cancel needs prices the machine confirmed and the version seen', async () => {
    const serial = await machine(superAdmin, DEMO_PINS['acme-vending']!, { planogramId: acmePlanogram });
    await save(merchantAdmin, serial, 0, [price('1', 1, 120)]);
    const cancel = (version: number) => api(`/pos/${serial}/prices/cancel`, { method: 'POST', token: merchantAdmin, body: { version } });
    expect((await cancel(0)).body.code).toBe('PricesChangedConcurrentlyException');
    const none = await cancel(1);
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('NoSyncedPricesException');
  });
});

describe('the demo', () => {
  it('leaves Acme’s planogram machines with prices in every state: sync, pending, modified in device, via ERP API', async () => {
    const names = DEMO_PLANOGRAMS.flatMap((p) => p.machines);
    const serials = names.map((name) => DEMO_MACHINES.find((m) => m.merchantId === 'acme-vending' && m.name === name)!.serial);
    const states = await Promise.all(serials.map(async (serial) => pricesOf(serial)));
    const seen = new Set(states.map((p) => `${p.status} ${p.origin}`));
    expect([...seen].sort()).toEqual(['pending console', 'pending erpApi', 'sync console', 'sync device', 'sync erpApi']);
    for (const p of states) {
      expect(p.prices.length).toBeGreaterThan(0);
      expect(p.lastSyncAt).not.toBeNull();
      expect(p.syncedPrices.length).toBe(p.prices.length);
    }
    const history = (await api(`/pos/${serials[names.indexOf('Roma Termini')]}/historical-prices`, { token: merchantUser })).body;
    expect(history.items.map((v: { action: string; by: string }) => `${v.action} ${v.by}`)).toEqual(['device device', 'save merchant.admin@demo.local']);
  });
});

describe('a price change across many machines', () => {
  const change = (over: Record<string, unknown> = {}) => ({
    merchantId: 'acme-vending',
    target: { kind: 'planogram', planogramId: acmePlanogram },
    productId: cola,
    priceTables: [1, 6],
    operation: { kind: 'set', value: 150 },
    ...over,
  });
  const preview = (token: string, body: Record<string, unknown>) => api('/prices/bulk/preview', { method: 'POST', token, body });

  it('previews only the machines whose price differs, applies at the previewed versions and tells each machine’s outcome', async () => {
    const pin = DEMO_PINS['acme-vending']!;
    const plano = await planogram(superAdmin, 'acme-vending', [
      ['1', cola],
      ['2', water],
      ['3', cola],
    ]);
    const [same, differs, unpriced] = await Promise.all([
      machine(superAdmin, pin, { planogramId: plano }),
      machine(superAdmin, pin, { planogramId: plano }),
      machine(superAdmin, pin, { planogramId: plano }),
    ]);
    const all150 = [price('1', 1, 150), price('1', 6, 150), price('3', 1, 150), price('3', 6, 150)];
    await save(merchantAdmin, same, 0, [...all150, price('2', 1, 80)]);
    await save(merchantAdmin, differs, 0, [price('1', 1, 120), price('1', 6, 150), price('2', 1, 80), price('3', 1, 150), price('3', 6, 150)]);
    const body = change({ target: { kind: 'planogram', planogramId: plano } });

    const res = await preview(merchantAdmin, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.considered).toBe(3);
    expect(res.body.machines.map((m: { serial: string }) => m.serial).sort()).toEqual([differs, unpriced].sort());
    expect(res.body.machines.find((m: { serial: string }) => m.serial === differs)).toMatchObject({
      version: 1,
      problem: null,
      changes: [{ line: '1', priceTable: 1, from: 120, to: 150 }],
    });
    expect(res.body.machines.find((m: { serial: string }) => m.serial === unpriced).changes).toHaveLength(4);

    const versions = Object.fromEntries(res.body.machines.map((m: { serial: string; version: number }) => [m.serial, m.version]));
    // Someone changes one of them after the preview: it is left alone.
    await save(superAdmin, differs, 1, [price('1', 1, 100)]);
    const applied = await api('/prices/bulk', { method: 'POST', token: merchantAdmin, body: { ...body, versions: { ...versions, [same]: 1 } } });
    expect(applied.status, applied.text).toBe(200);
    const outcome = (serial: string) => applied.body.machines.find((m: { serial: string }) => m.serial === serial);
    expect(outcome(unpriced)).toEqual({ serial: unpriced, outcome: 'saved', version: 1 });
    expect(outcome(differs)).toMatchObject({ outcome: 'conflict', version: 2 });
    expect(outcome(same)).toMatchObject({ outcome: 'unchanged', version: 1 });
    expect(applied.body.saved).toBe(1);
    expect(await pricesOf(unpriced)).toMatchObject({ version: 1, status: 'pending', prices: all150 });
    expect((await api(`/pos/${unpriced}/historical-prices`, { token: superAdmin })).body.items[0]).toMatchObject({
      action: 'bulk',
      by: demoUser('NEBULARMERCHANTADMIN').email,
    });

    const minus = await preview(merchantAdmin, change({ target: { kind: 'machines', serials: [same, differs] }, operation: { kind: 'add', delta: -120 } }));
    expect(minus.body.machines.find((m: { serial: string }) => m.serial === differs)).toMatchObject({ problem: 'negativePrice' });
    expect(minus.body.machines.find((m: { serial: string }) => m.serial === same)).toMatchObject({
      problem: null,
      changes: expect.arrayContaining([{ line: '3', priceTable: 6, from: 150, to: 30 }]),
    });
  });

  it('a group admin reaches only its groups’ machines; bad targets are refused with the field named', async () => {
    const res = await preview(groupAdmin, change());
    expect(res.status, res.text).toBe(200);
    const serials = res.body.machines.map((m: { serial: string }) => m.serial);
    expect(serials).toContain(northMachine);
    expect(serials).not.toContain(ungroupedMachine);
    expect((await preview(groupAdmin, change({ target: { kind: 'machines', serials: [ungroupedMachine] } }))).body.details).toEqual([
      { path: 'body.target.serials.0', message: 'unknown machine' },
    ]);
    expect((await preview(merchantAdmin, change({ target: { kind: 'group', groupId: 'acme-south' } }))).status).toBe(200);
    expect((await preview(groupAdmin, change({ target: { kind: 'group', groupId: 'acme-south' } }))).body.code).toBe('GroupNotFoundException');
    expect((await preview(merchantUser, change())).status).toBe(403);

    const foreignProduct = await preview(merchantAdmin, change({ productId: 'bravo-agua' }));
    expect(foreignProduct.status).toBe(404);
    expect(foreignProduct.body.details).toEqual([{ path: 'body.productId', message: 'unknown product' }]);
    expect((await preview(merchantAdmin, change({ target: { kind: 'planogram', planogramId: 'nope' } }))).body.code).toBe('PlanogramNotFoundException');
    expect((await preview(bravoAdmin, change())).status).toBe(404);
    const tooMany = await preview(merchantAdmin, change({ target: { kind: 'machines', serials: Array.from({ length: 201 }, () => newSerial()) } }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].path).toBe('body.target.serials');
    const noTables = await preview(merchantAdmin, change({ priceTables: [9] }));
    expect(noTables.body.details[0].path).toBe('body.priceTables.0');
    const zero = await preview(merchantAdmin, change({ operation: { kind: 'add', delta: 0 } }));
    expect(zero.body.details[0].path).toBe('body.operation.delta');
  });
});

describe('the merchant’s ERP', () => {
  it('sets prices with the merchant’s API token only (“via ERP API”) and, with IMMEDIATE sync, sends them', async () => {
    const { merchantId, pin } = await newMerchantWithMachines(superAdmin, 0);
    const plano = await planogram(superAdmin, merchantId, [['11', await product(superAdmin, merchantId)]]);
    const serial = await machine(superAdmin, pin, { planogramId: plano });
    const token = await issueApiToken(merchantId);
    const acmeToken = await issueApiToken('acme-vending');
    expect(token.length).toBeGreaterThan(20);
    const erp = (apiToken: string | undefined, body: Record<string, unknown> = { prices: [price('11', 1, 250)] }, target = serial) =>
      api(`/erp/pos/${target}/prices`, { method: 'PUT', body, headers: apiToken === undefined ? {} : { 'x-api-token': apiToken } });

    for (const wrong of [undefined, '', `${token}x`, token.slice(0, -1), acmeToken]) {
      const res = await erp(wrong);
      expect(res.status, String(wrong)).toBe(401);
      expect(res.body.code).toBe('UnauthorizedException');
    }
    expect((await erp(token, undefined, 'CENG-00000000')).status).toBe(401);
    // A Cognito sign-in is not the ERP's credential.
    expect((await api(`/erp/pos/${serial}/prices`, { method: 'PUT', token: superAdmin, body: { prices: [] } })).status).toBe(401);
    const off = await erp(token);
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('ErpApiNotEnabledException');
    expect(await pricesOf(serial)).toMatchObject({ version: 0 });

    const settings = (await api(`/merchants/${merchantId}/super-admin-settings`, { token: superAdmin })).body;
    const { merchantId: _, updatedAt: __, ...input } = settings;
    expect((await api(`/merchants/${merchantId}/super-admin-settings`, { method: 'PUT', token: superAdmin, body: { ...input, erpApi: true } })).status).toBe(
      200,
    );
    expect((await erp(token, { prices: [price('99', 1, 250)] })).body.details).toEqual([
      { path: 'body.prices.0.line', message: 'not a line of the planogram' },
    ]);
    const res = await erp(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ version: 1, origin: 'erpApi', updatedBy: 'ERP API', status: 'pending', sent: true, prices: [price('11', 1, 250)] });
    const command = (await api(`/remote-commands/pos/${serial}?type=12`, { token: superAdmin })).body.items[0];
    expect(command).toMatchObject({ id: res.body.sending.commandId, createdBy: 'ERP API', params: { prices: [price('11', 1, 250)] } });
    // A send is pending: the next prices are saved, not sent.
    const next = await erp(token, { prices: [price('11', 1, 260)], version: 1 });
    expect(next.body).toMatchObject({ version: 2, sent: false, status: 'pending' });
    expect((await erp(token, { prices: [price('11', 1, 270)], version: 1 })).body.code).toBe('PricesChangedConcurrentlyException');
  });
});

/**
 * Merchant features enforced from the route manifest (issue 28 items 1, 3 and 8): each flagged route group answers a
 * merchant with the flag and refuses one without it with the feature's coded 403 naming the flag, the super admin
 * included; a foreign merchant's ids stay 404 (the gate never tells whether they exist); an unknown flag name in a
 * merchant update is a 400 naming it; and a group admin is never named a machine outside its groups by the medias.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '#schemas/features';
import type { AuditTrailEntry } from '#schemas/audit';
import { DEMO_MACHINES } from '../../infra/local/demo-data';
import { issueApiToken } from './support/api-token';
import { api } from './support/http';
import { newMediaId, putMedia, utcDay } from './support/customers';
import { commandSweepHandler } from '../../functions/triggers/command-sweep/handler';
import { buildCommandSweepDeps } from '../../functions/triggers/command-sweep/deps';
import { stackEnvironment } from '../../infra/local/stack-process';
import { newMerchantWithMachines } from './support/devices';
import { merchantBody } from './support/samples';
import { idToken, stack, tokenFor } from './support/stack';

let superAdmin = '';
let acmeAdmin = '';
let groupAdmin = '';
let bravoAdmin = '';

const machineOf = (merchantId: string, groupId: string | null = null) =>
  DEMO_MACHINES.find((m) => m.merchantId === merchantId && m.groupId === groupId && !m.hidden && !m.offline)!.serial;
/** Acme has every flag; Bravo lacks PRODUCTS_STOCK, NETWORK, REMOTE_CONFIGURATIONS, ADVANCED_ALARMS…; Colibrí (cash) NEBULAR_VENDING, CUSTOMERS_MEDIA, WEBPAYMENTS. */
const ACME_NORTH = machineOf('acme-vending', 'acme-north');
const ACME_UNGROUPED = machineOf('acme-vending');
const BRAVO = machineOf('bravo-distribucion', 'bravo-centro');
const lastDay = () => {
  const to = new Date();
  return `from=${encodeURIComponent(new Date(to.getTime() - 86_400_000).toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
};

interface FlagCase {
  feature: string;
  code: string;
  /** A call of the feature for Acme (has it)… */
  acme: string;
  /** …and the same call for a merchant without it. */
  without: string;
  /** Whether that merchant is Bravo, whose demo admin can sign in. */
  bravo: boolean;
  /** What the route itself answers Acme, when not 200 (past the gate: e.g. nothing saved yet). */
  acmeAnswer?: { status: number; code: string };
}

const CASES: FlagCase[] = [
  {
    feature: 'PRODUCTS_STOCK',
    code: 'FeatureNotEnabledException',
    acme: '/stock/pick-list?merchantId=acme-vending&groupId=acme-north',
    without: '/stock/pick-list?merchantId=bravo-distribucion&groupId=bravo-centro',
    bravo: true,
  },
  {
    feature: 'PRODUCTS_STOCK',
    code: 'FeatureNotEnabledException',
    acme: '/stock/manage?merchantId=acme-vending',
    without: '/stock/manage?merchantId=bravo-distribucion',
    bravo: true,
  },
  {
    feature: 'NETWORK',
    code: 'FeatureNotEnabledException',
    acme: `/pos/${ACME_NORTH}/historical-signal?${lastDay()}`,
    without: `/pos/${BRAVO}/historical-signal?${lastDay()}`,
    bravo: true,
  },
  {
    feature: 'REMOTE_CONFIGURATIONS',
    code: 'SendVpConfigNotAllowed',
    acme: `/pos/${ACME_NORTH}/custom-configs`,
    without: `/pos/${BRAVO}/custom-configs`,
    bravo: true,
    acmeAnswer: { status: 404, code: 'CustomConfigNotFoundException' },
  },
  {
    feature: 'ADVANCED_ALARMS',
    code: 'AdvancedAlarmsNotEnabledException',
    acme: '/merchants/acme-vending/notifications',
    without: '/merchants/bravo-distribucion/notifications',
    bravo: true,
  },
  {
    feature: 'NEBULAR_VENDING',
    code: 'FeatureNotEnabledException',
    acme: '/merchants/acme-vending/products',
    without: '/merchants/colibri-cash/products',
    bravo: false,
  },
  {
    feature: 'NEBULAR_VENDING',
    code: 'FeatureNotEnabledException',
    acme: '/merchants/acme-vending/planograms',
    without: '/merchants/colibri-cash/planograms',
    bravo: false,
  },
  {
    feature: 'CUSTOMERS_MEDIA',
    code: 'CustomersMediaNotEnabledException',
    acme: '/medias?merchantId=acme-vending',
    without: '/medias?merchantId=colibri-cash',
    bravo: false,
  },
  {
    feature: 'CUSTOMERS_MEDIA',
    code: 'CustomersMediaNotEnabledException',
    acme: '/customers?merchantId=acme-vending',
    without: '/customers?merchantId=colibri-cash',
    bravo: false,
  },
  {
    feature: 'WEBPAYMENTS',
    code: 'WebPaymentsNotEnabledException',
    acme: '/webpayment-orders?merchantId=acme-vending',
    without: '/webpayment-orders?merchantId=colibri-cash',
    bravo: false,
  },
];

function expectRefused(res: { status: number; body: any; text: string }, c: Pick<FlagCase, 'feature' | 'code'>) {
  expect(res.status, res.text).toBe(403);
  expect(res.body.code).toBe(c.code);
  expect(res.body.message).toContain(c.feature);
  expect(res.body.details).toEqual([{ path: 'feature', message: c.feature }]);
}

beforeAll(async () => {
  [superAdmin, acmeAdmin, groupAdmin, bravoAdmin] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!),
  ]);
});

describe('a flagged route', () => {
  for (const c of CASES) {
    it(`${c.feature}: ${c.acme.split('?')[0]} answers a merchant with it, refuses one without it (403 ${c.code}), the super admin included`, async () => {
      for (const token of [superAdmin, acmeAdmin]) {
        const res = await api(c.acme, { token });
        expect(res.status, res.text).toBe(c.acmeAnswer?.status ?? 200);
        if (c.acmeAnswer) expect(res.body.code).toBe(c.acmeAnswer.code);
      }
      expectRefused(await api(c.without, { token: superAdmin }), c);
      if (c.bravo) expectRefused(await api(c.without, { token: bravoAdmin }), c);
      // Another merchant's ids stay 404 for a merchant's own users: whether it has the feature is not told.
      expect((await api(c.without, { token: acmeAdmin })).status).toBe(404);
    });
  }

  it('refuses a write before it happens: the stock of a machine of a merchant without PRODUCTS_STOCK is not refilled', async () => {
    expectRefused(await api(`/pos/${BRAVO}/stock/full-refill`, { method: 'POST', token: bravoAdmin }), {
      feature: 'PRODUCTS_STOCK',
      code: 'FeatureNotEnabledException',
    });
    expectRefused(await api(`/pos/${BRAVO}/manage-stock`, { method: 'PUT', token: superAdmin, body: { manageStock: true } }), {
      feature: 'PRODUCTS_STOCK',
      code: 'FeatureNotEnabledException',
    });
    expect((await api(`/pos/${BRAVO}`, { token: bravoAdmin })).body.manageStock).toBe(false);
  });

  it('a group admin outside its groups gets 404, not the feature’s 403', async () => {
    expect((await api(`/pos/${BRAVO}/stock`, { token: groupAdmin })).status).toBe(404);
    expect((await api(`/pos/${ACME_UNGROUPED}/historical-signal?${lastDay()}`, { token: groupAdmin })).status).toBe(404);
  });

  it('follows the merchant’s flags as they change: off, on, off again', async () => {
    const created = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['NEBULAR_VENDING'] }) });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const manage = () => api(`/stock/manage?merchantId=${id}`, { token: superAdmin });
    expectRefused(await manage(), { feature: 'PRODUCTS_STOCK', code: 'FeatureNotEnabledException' });
    const update = (features: string[]) =>
      api(`/merchants/${id}`, { method: 'PUT', token: superAdmin, body: merchantBody({ name: created.body.name, features }) });
    expect((await update(['NEBULAR_VENDING', 'PRODUCTS_STOCK'])).status).toBe(200);
    const on = await manage();
    expect(on.status, on.text).toBe(200);
    expect(on.body.total).toBe(0);
    expect((await update(['NEBULAR_VENDING'])).status).toBe(200);
    expectRefused(await manage(), { feature: 'PRODUCTS_STOCK', code: 'FeatureNotEnabledException' });
  });
});

/** A new merchant with one machine and every flag (as Acme), whose flags the test then takes away and gives back. */
async function flaggedMerchant() {
  const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
  const { name } = (await api(`/merchants/${merchantId}`, { token: superAdmin })).body;
  const setFeatures = async (features: readonly string[]) => {
    const res = await api(`/merchants/${merchantId}`, { method: 'PUT', token: superAdmin, body: merchantBody({ name, features }) });
    expect(res.status, res.text).toBe(200);
  };
  const without = (flag: string) => FEATURE_FLAGS.filter((f) => f !== flag);
  return { merchantId, serial: serials[0]!, setFeatures, without };
}

/** The merchant's audit entries of one correlation id. */
async function entriesOf(merchantId: string, correlationId: string): Promise<AuditTrailEntry[]> {
  const res = await api(`/audit?merchantId=${merchantId}&size=100`, { token: superAdmin });
  expect(res.status, res.text).toBe(200);
  return (res.body.items as AuditTrailEntry[]).filter((e) => e.correlationId === correlationId);
}

describe('the ERP’s prices route (public, the merchant’s API token)', () => {
  it('answers a merchant with NEBULAR_VENDING and refuses, audited, the token of one without it; a wrong token stays 401', async () => {
    const m = await flaggedMerchant();
    const token = await issueApiToken(m.merchantId);
    const settings = (await api(`/merchants/${m.merchantId}/super-admin-settings`, { token: superAdmin })).body;
    const { merchantId: _, updatedAt: __, ...input } = settings;
    const enabled = await api(`/merchants/${m.merchantId}/super-admin-settings`, { method: 'PUT', token: superAdmin, body: { ...input, erpApi: true } });
    expect(enabled.status, enabled.text).toBe(200);
    const erp = (apiToken: string, correlationId = `features-${randomUUID()}`) =>
      api(`/erp/pos/${m.serial}/prices`, {
        method: 'PUT',
        body: { prices: [{ line: '11', priceTable: 1, value: 250 }] },
        headers: { 'x-api-token': apiToken, 'x-correlation-id': correlationId },
      });
    // With the flag the call passes the gate: the route answers that the machine has no planogram yet.
    const passed = await erp(token);
    expect(passed.status, passed.text).toBe(409);
    expect(passed.body.code).toBe('PosWithoutPlanogramException');

    await m.setFeatures(m.without('NEBULAR_VENDING'));
    const correlationId = `features-${randomUUID()}`;
    expectRefused(await erp(token, correlationId), { feature: 'NEBULAR_VENDING', code: 'FeatureNotEnabledException' });
    expect(await entriesOf(m.merchantId, correlationId)).toEqual([
      expect.objectContaining({
        action: 'prices.erpSave',
        outcome: 'refused',
        status: 403,
        errorCode: 'FeatureNotEnabledException',
        actor: expect.objectContaining({ kind: 'apiToken' }),
      }),
    ]);
    // Without the token nothing is told, not even that the flag is off.
    const wrong = await erp(`${token}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UnauthorizedException');
    expect((await api(`/pos/${m.serial}/prices`, { token: superAdmin })).status).toBe(403);

    await m.setFeatures(FEATURE_FLAGS);
    expect((await erp(token)).body.code).toBe('PosWithoutPlanogramException');
  });
});

describe('a remote command that sends a configuration (types 7 and 13)', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const CONFIG_SENDS = [
    { type: 13, params: { values: { 'vend.price.mode': '1' } } },
    { type: 7, params: { configurationId: 'cfg-features' } },
  ];
  const send = (token: string, serial: string, command: { type: number; params: unknown }) =>
    api('/remote-commands/send', { method: 'POST', token, body: { serial, ...command, scheduledAt: inAnHour() } });

  it('needs REMOTE_CONFIGURATIONS: refused for a merchant without it (SendVpConfigNotAllowed), the super admin included', async () => {
    for (const command of CONFIG_SENDS) {
      for (const token of [bravoAdmin, superAdmin])
        expectRefused(await send(token, BRAVO, command), { feature: 'REMOTE_CONFIGURATIONS', code: 'SendVpConfigNotAllowed' });
    }
    // A machine of another merchant stays 404 for a merchant's own users: whether it has the feature is not told.
    expect((await send(acmeAdmin, BRAVO, CONFIG_SENDS[0]!)).status).toBe(404);
  });

  it('is sent for a merchant with it; the other command types are sent without it', async () => {
    const m = await flaggedMerchant();
    const sent = await send(superAdmin, m.serial, CONFIG_SENDS[0]!);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ serial: m.serial, type: 13 });

    await m.setFeatures(m.without('REMOTE_CONFIGURATIONS'));
    for (const command of CONFIG_SENDS)
      expectRefused(await send(superAdmin, m.serial, command), { feature: 'REMOTE_CONFIGURATIONS', code: 'SendVpConfigNotAllowed' });
    for (const type of [4, 10, 15]) {
      const other = await send(superAdmin, m.serial, { type, params: {} });
      expect(other.status, `type ${type}: ${other.text}`).toBe(201);
    }
  });
});

describe('the command sweep (a trigger whose work declares REMOTE_CONFIGURATIONS)', () => {
  it('ends, unsent, a scheduled configuration send whose merchant lost the flag meanwhile; sends the other types', async () => {
    const m = await flaggedMerchant();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const schedule = async (type: number, params: unknown) => {
      const res = await api('/remote-commands/send', { method: 'POST', token: superAdmin, body: { serial: m.serial, type, params, scheduledAt: soon } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.status).toBe(0);
      return res.body.id as string;
    };
    const config = await schedule(13, { values: { 'vend.price.mode': '1' } });
    const restart = await schedule(4, {});
    await m.setFeatures(m.without('REMOTE_CONFIGURATIONS'));
    // The sweep as the scheduler runs it, past both commands' time.
    const env: Record<string, string> = { ...stackEnvironment(stack), IOT_DATA_ENDPOINT: stack.iotData };
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY });
    await commandSweepHandler(() => buildCommandSweepDeps(env))({ time: new Date(Date.parse(soon) + 1_000).toISOString() });
    const items = (await api(`/remote-commands/pos/${m.serial}?size=10`, { token: superAdmin })).body.items as Array<Record<string, any>>;
    const commands = new Map(items.map((c) => [c.id, c]));
    expect(commands.get(config)).toMatchObject({ status: 3, message: 'The feature REMOTE_CONFIGURATIONS is not enabled for this distributor', attempts: 0 });
    // Sent (published once); it stays scheduled until the device answers.
    expect(commands.get(restart)).toMatchObject({ status: 0, attempts: 1 });
  });
});

describe('a merchant update', () => {
  it('with a flag name that does not exist is refused, naming it, and changes nothing', async () => {
    const created = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['NETWORK'] }) });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const res = await api(`/merchants/${id}`, {
      method: 'PUT',
      token: superAdmin,
      body: merchantBody({ name: created.body.name, features: ['NETWORK', 'TELEPORTATION'] }),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('ValidationException');
    expect(res.body.details).toEqual([{ path: 'body.features.1', message: expect.stringContaining('TELEPORTATION') }]);
    const created2 = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features: ['PRODUCTS-STOCK'] }) });
    expect(created2.status).toBe(400);
    expect(created2.body.details[0].message).toContain('PRODUCTS-STOCK');
    expect((await api(`/merchants/${id}`, { token: superAdmin })).body.features).toEqual(['NETWORK']);
  });
});

describe('a group admin and the medias of its merchant (item 8)', () => {
  it('is not named, by any medias route, a machine outside its groups, and is told the 30-day figures are merchant-wide', async () => {
    const outside = newMediaId();
    const inside = newMediaId();
    const today = utcDay(0);
    const figures = { [today]: { sales: 33, salesValue: 3300, recharges: 0, rechargesValue: 0 } };
    await putMedia('acme-vending', outside, { device: ACME_UNGROUPED, sourceType: 1, sourceSerial: ACME_UNGROUPED, days: figures });
    await putMedia('acme-vending', inside, { device: ACME_NORTH, sourceType: 1, sourceSerial: ACME_NORTH, days: figures });
    const get = (mediaId: string, token: string) => api(`/medias/${mediaId}?merchantId=acme-vending`, { token });

    const full = await get(outside, superAdmin);
    expect(full.body).toMatchObject({ device: ACME_UNGROUPED, sourceSerial: ACME_UNGROUPED, last30Days: { sales: 33 } });
    expect(full.body.withheld).toBeUndefined();

    expect((await api(`/pos/${ACME_UNGROUPED}`, { token: groupAdmin })).status).toBe(404);
    const seen = await get(outside, groupAdmin);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body).toMatchObject({ device: null, sourceSerial: null, withheld: ['device', 'sourceSerial'], last30DaysScope: 'merchant' });
    expect(seen.text).not.toContain(ACME_UNGROUPED);

    const own = await get(inside, groupAdmin);
    expect(own.body).toMatchObject({ device: ACME_NORTH, sourceSerial: ACME_NORTH });
    expect(own.body.withheld).toBeUndefined();

    for (const [mediaId, named] of [
      [outside, null],
      [inside, ACME_NORTH],
    ] as const) {
      const search = `search=${mediaId.slice(0, 12)}`;
      const listed = await api(`/medias?merchantId=acme-vending&${search}`, { token: groupAdmin });
      const all = await api(`/medias/all?merchantId=acme-vending&${search}`, { token: groupAdmin });
      for (const res of [listed, all]) {
        expect(res.status, res.text).toBe(200);
        const item = (res.body.items ?? res.body).find((m: { mediaId: string }) => m.mediaId === mediaId);
        expect(item.device).toBe(named);
        expect(res.text).not.toContain(ACME_UNGROUPED);
      }
    }
  });
});

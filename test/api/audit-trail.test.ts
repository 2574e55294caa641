/**
 * The audit trail over HTTP (issue 28 items 4, 5, 7): a refund, a price save and send, a role change, an API token
 * regeneration and a refused call each leave exactly one entry with its before → after and no secret; so do the ERP
 * price API (actor "API token") and the payment service's callback (actor "payment service"); creations, updates and
 * deletions of other stored things carry after, the fields changed, or before; ten concurrent refunds leave as many
 * entries as refunds that landed, on an intact chain; the chain check fails once an entry is altered in the table;
 * every mutating route of the manifest writes an entry; bad filters are 400 naming the field.
 *
 * The API tests' stack runs with AUDIT_TRAIL_REQUIRE_CHANGES=on: a call that changes the table without recording its
 * before → after answers 500 AuditTrailChangesUnrecordedException, so this file, the authorization matrix (every
 * route, succeeding) and every other API test fail on a route that forgot its recordChange.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_ACTIONS, AUDIT_TRAIL_CSV_COLUMNS, type AuditTrailEntry } from '#schemas/audit';
import { AUDIT_TRAIL_PLATFORM_MERCHANT } from '#schemas/audit-constants';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { groups } from '../../functions/api/manifest';
import { auditCheck } from '../../infra/audit-check';
import { stackEnvironment } from '../../infra/local/stack-process';
import { salesMessage, saleTransaction } from '../../infra/local/simulator';
import { issueApiToken } from './support/api-token';
import { configureWebPayments } from './support/webpayments';
import { newMediaId, newUserId, putMedia, rechargeOrder } from './support/customers';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';
import { createUser, updateBodyOf } from './support/users';

let superAdmin = '';
let merchantUser = '';
let merchantId = '';
let serials: string[] = [];
let pin = '';
const devices = simulatedDevices();
const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();

/** The merchant's entries of one correlation id (each call below sends its own). */
async function entriesOf(correlationId: string, merchant = merchantId): Promise<AuditTrailEntry[]> {
  const all: AuditTrailEntry[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await api(`/audit?${new URLSearchParams({ merchantId: merchant, size: '100', page: String(page), ...(cursor ? { cursor } : {}) })}`, {
      token: superAdmin,
    });
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.items);
    cursor = res.body.cursor;
    if (!cursor) break;
  }
  return all.filter((e) => e.correlationId === correlationId);
}

const call = (path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const correlationId = `audit-${randomUUID()}`;
  return api(path, { token: superAdmin, ...init, headers: { ...init.headers, 'x-correlation-id': correlationId } }).then((res) => ({ res, correlationId }));
};

/** A media of the merchant, made the way machines do: a sale with it over MQTT. */
async function newMedia(credit = 500): Promise<string> {
  const id = hex(8);
  const device = await devices.connect(serials[0]!);
  await device.publish(
    'sales',
    salesMessage(serials[0]!, [
      saleTransaction({ type: 3, mediaType: 2, value: 100, media: { id, serial: hex(5), credit, counter: 1 }, source: { type: 1, serial: serials[0]! } }),
    ]),
  );
  await waitFor(async () => (await api(`/medias/${id}?merchantId=${merchantId}`, { token: superAdmin })).status === 200 || undefined, `media ${id}`);
  return id;
}

beforeAll(async () => {
  stackDeps(); // the local stack's credentials, for the chain check's own client
  [superAdmin, merchantUser] = await Promise.all([tokenFor('NEBULARSUPERADMIN'), tokenFor('NEBULARMERCHANTUSER')]);
  ({ merchantId, serials, pin } = await newMerchantWithMachines(superAdmin, 1));
});

describe('one entry per mutating call', () => {
  afterAll(async () => {
    await devices.closeAll();
  });

  it('a refund: the media’s cloud credit before → after, who, target, outcome', async () => {
    const mediaId = await newMedia();
    const { res, correlationId } = await call(`/medias/${mediaId}/refund?merchantId=${merchantId}`, {
      method: 'POST',
      body: { refund: 250 },
      headers: { 'user-agent': 'audit-test/1' },
    });
    expect(res.status, res.text).toBe(201);
    const entries = await entriesOf(correlationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      merchantId,
      action: 'medias.refund',
      method: 'POST',
      path: '/medias/{mediaId}/refund',
      targets: [{ type: 'media', id: mediaId }],
      outcome: 'success',
      status: 201,
      errorCode: null,
      actor: { kind: 'user', email: 'superadmin@demo.local', role: 'NEBULARSUPERADMIN' },
      userAgent: 'audit-test/1',
    });
    expect(entries[0]!.changes).toContainEqual({ entity: 'media', entityId: mediaId, field: 'cloudCredit', before: 0, after: 250 });
    // The target filter finds it.
    const filtered = await api(`/audit?merchantId=${merchantId}&mediaId=${mediaId}`, { token: superAdmin });
    expect(filtered.body.items.map((e: AuditTrailEntry) => e.correlationId)).toContain(correlationId);
  });

  it('a refused call (a merchant user’s refund, 403) is written once, with its code, and changes nothing', async () => {
    const mediaId = await newMedia();
    const { res, correlationId } = await call(`/medias/${mediaId}/refund?merchantId=acme-vending`, {
      method: 'POST',
      token: merchantUser,
      body: { refund: 10 },
    });
    expect(res.status).toBe(403);
    const entries = await entriesOf(correlationId, 'acme-vending');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'refused', status: 403, errorCode: 'ForbiddenException', actor: { role: 'NEBULARMERCHANTUSER' }, changes: [] });
  });

  it('an API token regeneration: the token is “changed”, never its value; a role change: role before → after', async () => {
    const { res, correlationId } = await call(`/merchants/${merchantId}/settings/api-token`, { method: 'POST' });
    expect(res.status, res.text).toBe(200);
    const [entry, ...more] = await entriesOf(correlationId);
    expect(more).toHaveLength(0);
    expect(entry!.changes).toEqual([{ entity: 'merchantSettings', entityId: merchantId, field: 'apiTokenHash', before: 'changed', after: 'changed' }]);
    expect(JSON.stringify(entry)).not.toContain(res.body.apiToken);
    expect(JSON.stringify(entry)).not.toContain(res.body.deviceAssociationPin);

    const user = await createUser(superAdmin, { role: 'NEBULARMERCHANTUSER', merchantIds: [merchantId] });
    const promoted = await call(`/users/${user.id}`, { method: 'PUT', body: updateBodyOf(user, { role: 'NEBULARMERCHANTADMIN' }) });
    expect(promoted.res.status, promoted.res.text).toBe(200);
    const roleEntries = await entriesOf(promoted.correlationId);
    expect(roleEntries).toHaveLength(1);
    expect(roleEntries[0]).toMatchObject({ action: 'users.update', targets: [{ type: 'user', id: user.id }] });
    expect(roleEntries[0]!.changes).toContainEqual({
      entity: 'user',
      entityId: user.id,
      field: 'role',
      before: 'NEBULARMERCHANTUSER',
      after: 'NEBULARMERCHANTADMIN',
    });
  });

  it('ten concurrent refunds leave exactly as many entries as refunds that landed, and the chain holds', async () => {
    const mediaId = await newMedia();
    const calls = await Promise.all(
      Array.from({ length: 10 }, () => call(`/medias/${mediaId}/refund?merchantId=${merchantId}`, { method: 'POST', body: { refund: 300 } })),
    );
    const landed = calls.filter((c) => c.res.status === 201);
    expect(landed.length).toBeGreaterThan(0);
    const entries = (await Promise.all(calls.map((c) => entriesOf(c.correlationId)))).flat();
    expect(entries).toHaveLength(10);
    expect(entries.filter((e) => e.outcome === 'success')).toHaveLength(landed.length);
    const report = await auditCheck(merchantId, stackEnvironment(stack));
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(report.lastSeq);
  });
});

/** The one entry a call left (failing when it left none or more), and its changes of `entity`. */
async function onlyEntry(correlationId: string): Promise<AuditTrailEntry> {
  const entries = await entriesOf(correlationId);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}
const changesOf = (entry: AuditTrailEntry, entity: string) => entry.changes.filter((c) => c.entity === entity);
const price = (line: string, priceTable: number, value: number) => ({ line, priceTable, value });
const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

/** A machine of the merchant on a one-line planogram (line 11), joined with the merchant's PIN. */
async function machineOnPlanogram(): Promise<string> {
  const product = await api(`/merchants/${merchantId}/products`, {
    method: 'POST',
    token: superAdmin,
    body: { code: `AU-${randomUUID().slice(0, 8)}`, name: unique('Audit product'), productType: 'B', vat: 10 },
  });
  expect(product.status, product.text).toBe(201);
  const planogram = await api(`/merchants/${merchantId}/planograms`, {
    method: 'POST',
    token: superAdmin,
    body: {
      name: unique('Audit planogram'),
      planogramType: 'B',
      lines: [{ selection: '11', productId: product.body.id, capacity: 10, warningLevel: 2, refillValue: 10 }],
    },
  });
  expect(planogram.status, planogram.text).toBe(201);
  const name = unique('Audit machine');
  const joined = await api('/pos/join', {
    method: 'POST',
    token: superAdmin,
    body: { serial: `CENG-${String(Date.now() % 1e8).padStart(8, '0')}`, pin, name },
  });
  expect(joined.status, joined.text).toBe(201);
  const serial = joined.body.serial as string;
  const placed = await call(`/pos/${serial}`, {
    method: 'PUT',
    body: { name, networkType: null, warrantyEnd: null, planogramId: planogram.body.id },
  });
  expect(placed.res.status, placed.res.text).toBe(200);
  expect(changesOf(await onlyEntry(placed.correlationId), 'pos')).toContainEqual({
    entity: 'pos',
    entityId: serial,
    field: 'planogramId',
    before: null,
    after: planogram.body.id,
  });
  return serial;
}

describe('prices, the ERP and the payment service', () => {
  let serial = '';
  beforeAll(async () => {
    serial = await machineOnPlanogram();
  });

  it('a price save and a price send each leave exactly one entry with the prices before → after', async () => {
    const first = await call(`/pos/${serial}/prices`, { method: 'PUT', body: { version: 0, prices: [price('11', 1, 120)] } });
    expect(first.res.status, first.res.text).toBe(200);
    expect(changesOf(await onlyEntry(first.correlationId), 'prices')).toEqual([
      expect.objectContaining({ entityId: serial, field: '*', before: null, after: expect.objectContaining({ version: 1, prices: [price('11', 1, 120)] }) }),
    ]);

    const saved = await call(`/pos/${serial}/prices`, { method: 'PUT', body: { version: 1, prices: [price('11', 1, 130)] } });
    expect(saved.res.status, saved.res.text).toBe(200);
    const saveEntry = await onlyEntry(saved.correlationId);
    expect(saveEntry).toMatchObject({ action: 'prices.save', outcome: 'success', targets: [{ type: 'pos', id: serial }] });
    expect(changesOf(saveEntry, 'prices')).toEqual(
      expect.arrayContaining([
        { entity: 'prices', entityId: serial, field: 'prices', before: [price('11', 1, 120)], after: [price('11', 1, 130)] },
        { entity: 'prices', entityId: serial, field: 'version', before: 1, after: 2 },
      ]),
    );

    const sent = await call(`/pos/${serial}/prices/send`, { method: 'POST', body: { version: 2 } });
    expect(sent.res.status, sent.res.text).toBe(200);
    const sendEntry = await onlyEntry(sent.correlationId);
    expect(sendEntry).toMatchObject({ action: 'prices.send', outcome: 'success' });
    const commandId = sent.res.body.sending.commandId as string;
    expect(changesOf(sendEntry, 'prices')).toEqual([
      {
        entity: 'prices',
        entityId: serial,
        field: 'sending',
        before: null,
        after: expect.objectContaining({ commandId, version: 2, prices: [price('11', 1, 130)], sentBy: 'superadmin@demo.local' }),
      },
    ]);
    expect(changesOf(sendEntry, 'remoteCommand')).toEqual([
      expect.objectContaining({ entityId: commandId, field: '*', before: null, after: expect.objectContaining({ type: 12, serial }) }),
    ]);
  });

  it('the ERP price API leaves one entry by “API token”, its prices before → after, and never the token', async () => {
    const settings = (await api(`/merchants/${merchantId}/super-admin-settings`, { token: superAdmin })).body;
    const { merchantId: _, updatedAt: __, ...input } = settings;
    expect((await api(`/merchants/${merchantId}/super-admin-settings`, { method: 'PUT', token: superAdmin, body: { ...input, erpApi: true } })).status).toBe(
      200,
    );
    const apiToken = await issueApiToken(merchantId);
    const before = (await api(`/pos/${serial}/prices`, { token: superAdmin })).body;
    const { res, correlationId } = await call(`/erp/pos/${serial}/prices`, {
      method: 'PUT',
      token: '',
      body: { prices: [price('11', 1, 250)] },
      headers: { 'x-api-token': apiToken },
    });
    expect(res.status, res.text).toBe(200);
    const entry = await onlyEntry(correlationId);
    expect(entry).toMatchObject({
      merchantId,
      action: 'prices.erpSave',
      actor: { kind: 'apiToken', userId: null, email: null, role: null },
      outcome: 'success',
      targets: [{ type: 'pos', id: serial }],
    });
    expect(changesOf(entry, 'prices')).toContainEqual({
      entity: 'prices',
      entityId: serial,
      field: 'prices',
      before: before.prices,
      after: [price('11', 1, 250)],
    });
    expect(JSON.stringify(entry)).not.toContain(apiToken);
  });

  it('the payment service’s callback leaves one entry by “payment service”: the media credited, the order made, never the token', async () => {
    await configureWebPayments(superAdmin, merchantId);
    const apiToken = await issueApiToken(merchantId);
    const mediaId = newMediaId();
    await putMedia(merchantId, mediaId, { keyCredit: 100 });
    const correlationId = `audit-${randomUUID()}`;
    const userId = newUserId();
    const res = await api(`/payment-service/${merchantId}/orders`, {
      method: 'POST',
      body: rechargeOrder(mediaId, 700, { customer: { userId } }),
      headers: { 'x-api-token': apiToken, 'x-correlation-id': correlationId },
    });
    expect(res.status, res.text).toBe(200);
    const entry = await onlyEntry(correlationId);
    expect(entry).toMatchObject({
      merchantId,
      action: 'paymentService.order',
      actor: { kind: 'paymentService', userId: null, email: null, role: null },
      outcome: 'success',
      targets: [
        { type: 'merchant', id: merchantId },
        { type: 'media', id: mediaId },
      ],
    });
    expect(changesOf(entry, 'media')).toEqual([{ entity: 'media', entityId: mediaId, field: 'cloudCredit', before: 0, after: 700 }]);
    expect(changesOf(entry, 'webpaymentOrder')).toEqual([
      expect.objectContaining({ entityId: res.body.order.id, field: '*', before: null, after: expect.objectContaining({ amount: 700, result: 1 }) }),
    ]);
    expect(changesOf(entry, 'customer')).toHaveLength(1);
    expect(JSON.stringify(entry)).not.toContain(apiToken);
  });
});

describe('before → after of each kind of stored thing', () => {
  it('creations (after only), updates (the fields changed) and deletions (before only) of clients, groups, notes, commands, subscriptions', async () => {
    const created = await call(`/merchants/${merchantId}/clients`, { method: 'POST', body: { name: unique('Audit client'), country: 'IT' } });
    expect(created.res.status, created.res.text).toBe(201);
    const clientId = created.res.body.id as string;
    expect(changesOf(await onlyEntry(created.correlationId), 'client')).toEqual([
      expect.objectContaining({ entityId: clientId, field: '*', before: null, after: expect.objectContaining({ country: 'IT' }) }),
    ]);
    const updated = await call(`/merchants/${merchantId}/clients/${clientId}`, {
      method: 'PUT',
      body: { name: created.res.body.name, country: 'ES', city: 'Madrid' },
    });
    expect(updated.res.status, updated.res.text).toBe(200);
    expect(changesOf(await onlyEntry(updated.correlationId), 'client')).toContainEqual({
      entity: 'client',
      entityId: clientId,
      field: 'country',
      before: 'IT',
      after: 'ES',
    });
    const deleted = await call(`/merchants/${merchantId}/clients/${clientId}`, { method: 'DELETE' });
    expect(deleted.res.status, deleted.res.text).toBe(204);
    expect(changesOf(await onlyEntry(deleted.correlationId), 'client')).toEqual([
      expect.objectContaining({ entityId: clientId, field: '*', before: expect.objectContaining({ country: 'ES', city: 'Madrid' }), after: null }),
    ]);

    const group = await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name: unique('Audit group') } });
    const renamed = await call(`/merchants/${merchantId}/groups/${group.body.id}`, { method: 'PUT', body: { name: 'Audit renamed' + group.body.id } });
    expect(renamed.res.status, renamed.res.text).toBe(200);
    expect(changesOf(await onlyEntry(renamed.correlationId), 'group')).toContainEqual({
      entity: 'group',
      entityId: group.body.id,
      field: 'name',
      before: group.body.name,
      after: 'Audit renamed' + group.body.id,
    });

    const note = await call(`/pos/${serials[0]}/notes`, { method: 'POST', body: { note: 'checked the coin box' } });
    expect(note.res.status, note.res.text).toBe(201);
    expect(changesOf(await onlyEntry(note.correlationId), 'posNote')).toEqual([
      expect.objectContaining({ field: '*', before: null, after: expect.objectContaining({ note: 'checked the coin box', serial: serials[0] }) }),
    ]);

    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const sent = await call('/remote-commands/send', { method: 'POST', body: { serial: serials[0], type: 1, params: {}, scheduledAt: inAnHour } });
    expect(sent.res.status, sent.res.text).toBe(201);
    const commandId = sent.res.body.id as string;
    const cancelled = await call(`/remote-commands/pos/${serials[0]}/${commandId}/cancel`, { method: 'POST' });
    expect(cancelled.res.status, cancelled.res.text).toBe(200);
    const cancelChanges = changesOf(await onlyEntry(cancelled.correlationId), 'remoteCommand');
    expect(cancelChanges.map((c) => c.field)).toEqual(expect.arrayContaining(['status', 'result']));

    const subscribed = await call(`/merchants/${merchantId}/historicaldata-subscriptions`, {
      method: 'POST',
      body: { dataType: 'Audits', frequency: 'weekly' },
    });
    expect(subscribed.res.status, subscribed.res.text).toBe(201);
    const unsubscribed = await call(`/merchants/${merchantId}/historicaldata-subscriptions/${subscribed.res.body.id}`, { method: 'DELETE' });
    expect(unsubscribed.res.status, unsubscribed.res.text).toBe(204);
    expect(changesOf(await onlyEntry(unsubscribed.correlationId), 'dataSubscription')).toEqual([
      expect.objectContaining({ field: '*', before: expect.objectContaining({ dataType: 'Audits', frequency: 'weekly' }), after: null }),
    ]);
  });
});

describe('a selection too large for one CSV', () => {
  it('is exported through historical data (dataType AuditTrail): the days’ entries in the CSV’s columns, behind a short-lived link', async () => {
    const { res: made, correlationId } = await call(`/merchants/${merchantId}/clients`, {
      method: 'POST',
      body: { name: unique('Exported client'), country: 'IT' },
    });
    expect(made.status, made.text).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const created = await api(`/merchants/${merchantId}/historicaldata`, {
      method: 'POST',
      token: superAdmin,
      body: { startDate: today, endDate: today, dataType: 'AuditTrail' },
    });
    expect(created.status, created.text).toBe(201);
    const done = await waitFor(
      async () => {
        const res = await api(`/merchants/${merchantId}/historicaldata/${created.body.id}`, { token: superAdmin });
        return res.body.status !== 'Created' && res.body;
      },
      'the audit trail export',
      40_000,
    );
    expect(done).toMatchObject({ status: 'Completed', dataType: 'AuditTrail' });
    const link = await api(`/merchants/${merchantId}/historicaldata/${created.body.id}/download`, { token: superAdmin });
    expect(link.status, link.text).toBe(302);
    const file = await fetch(link.headers.get('location')!);
    expect(file.status).toBe(200);
    const lines = (await file.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_TRAIL_CSV_COLUMNS.join(','));
    expect(lines.length - 1).toBe(done.rows);
    const row = lines.find((l) => l.includes(correlationId));
    expect(row).toContain('clients.create');
    expect(row).toContain(`${merchantId},`);
  });
});

describe('the platform’s trail too large for one CSV', () => {
  it('is exported by the super admin through historical data under the platform’s id, in UTC days; only its audit trail, and only for the super admin', async () => {
    // A call of the super admin outside any merchant: chained on the platform's trail.
    const { res: refused, correlationId } = await call('/master-alarms', { method: 'POST', body: {} });
    expect(refused.status).toBe(400);
    const platform = `/merchants/${AUDIT_TRAIL_PLATFORM_MERCHANT}/historicaldata`;
    const today = new Date().toISOString().slice(0, 10);
    const created = await api(platform, { method: 'POST', token: superAdmin, body: { startDate: today, endDate: today, dataType: 'AuditTrail' } });
    expect(created.status, created.text).toBe(201);
    const done = await waitFor(
      async () => {
        const res = await api(`${platform}/${created.body.id}`, { token: superAdmin });
        return res.body.status !== 'Created' && res.body;
      },
      'the platform’s audit trail export',
      40_000,
    );
    expect(done).toMatchObject({ status: 'Completed', dataType: 'AuditTrail' });
    expect((await api(platform, { token: superAdmin })).body.items.map((r: { id: string }) => r.id)).toContain(created.body.id);
    const link = await api(`${platform}/${created.body.id}/download`, { token: superAdmin });
    expect(link.status, link.text).toBe(302);
    const lines = (await (await fetch(link.headers.get('location')!)).text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(AUDIT_TRAIL_CSV_COLUMNS.join(','));
    expect(lines.length - 1).toBe(done.rows);
    const row = lines.find((l) => l.includes(correlationId));
    expect(row).toContain('masterAlarms.create');
    expect(row).toContain(`${AUDIT_TRAIL_PLATFORM_MERCHANT},`);

    const other = await api(platform, { method: 'POST', token: superAdmin, body: { startDate: today, endDate: today, dataType: 'Alarms' } });
    expect(other.status).toBe(400);
    expect(other.body.details.map((d: { path: string }) => d.path)).toContain('body.dataType');
    const admin = await tokenFor('NEBULARMERCHANTADMIN');
    expect((await api(platform, { method: 'POST', token: admin, body: { startDate: today, endDate: today, dataType: 'AuditTrail' } })).status).toBe(404);
    expect((await api(platform, { token: admin })).status).toBe(404);
  });
});

describe('append-only chain', () => {
  it('the check passes, then fails after an entry is altered in the table', async () => {
    const { merchantId: own } = await newMerchantWithMachines(superAdmin, 0);
    await call(`/merchants/${own}/settings/api-token`, { method: 'POST' });
    const intact = await auditCheck(own, stackEnvironment(stack));
    expect(intact.problems).toEqual([]);
    expect(intact.entries).toBeGreaterThanOrEqual(2);
    const env = stackEnvironment(stack);
    const doc = createDocumentClient({ region: env.AWS_REGION!, endpoint: env.DYNAMODB_ENDPOINT });
    await doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: keys.auditTrailEntry(own, 1),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 299 },
      }),
    );
    const broken = await auditCheck(own, env);
    expect(broken.problems).toContainEqual({ seq: 1, problem: expect.stringContaining('does not match its hash') });
  });
});

describe('every mutating route', () => {
  const mutating = groups.flatMap((g) => g.routes).filter((r) => r.method !== 'GET');

  it('is an action of the trail', () => {
    expect(new Set(mutating.map((r) => r.id))).toEqual(new Set(AUDIT_TRAIL_ACTIONS));
  });

  it('writes one entry for each call of a signed-in user, whatever its outcome', async () => {
    const missing: string[] = [];
    const unrecorded: string[] = [];
    for (const route of mutating) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' && route.path.startsWith('/merchants/') ? merchantId : `X${name}`));
      // A public route's caller without an accepted credential is nobody: counted in metrics, never written.
      const expected = route.roles === 'public' ? 0 : 1;
      const { res, correlationId } = await call(path, { method: route.method, body: {}, ...(route.roles === 'public' ? { token: '' } : {}) });
      const found = [...(await entriesOf(correlationId)), ...(await entriesOf(correlationId, AUDIT_TRAIL_PLATFORM_MERCHANT))];
      if (found.length !== expected) missing.push(`${route.id} (${res.status}): ${found.length} entries`);
      if (res.body?.code === 'AuditTrailChangesUnrecordedException') unrecorded.push(route.id);
    }
    expect(missing).toEqual([]);
    expect(unrecorded).toEqual([]);
  });
});

describe('bad filters', () => {
  it('an inverted or over-long range, an unknown action, a malformed serial: 400 naming the field', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await api(`/audit?${new URLSearchParams({ merchantId, ...query })}`, { token: superAdmin });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    };
    await bad({ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'query.to');
    await bad({ from: '2024-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'query.from');
    await bad({ action: 'medias.explode' }, 'query.action');
    await bad({ serial: 'CENG-123' }, 'query.serial');
    const csv = await api(`/audit/csv?${new URLSearchParams({ merchantId, outcome: 'maybe' })}`, { token: superAdmin });
    expect(csv.status).toBe(400);
  });

  it('a merchant user is refused the trail; a merchant admin of another merchant gets 404', async () => {
    expect((await api(`/audit?merchantId=acme-vending`, { token: merchantUser })).status).toBe(403);
    const acmeAdmin = await tokenFor('NEBULARMERCHANTADMIN');
    expect((await api(`/audit?merchantId=${merchantId}`, { token: acmeAdmin })).status).toBe(404);
    expect((await api(`/audit?merchantId=acme-vending`, { token: acmeAdmin })).status).toBe(200);
  });
});

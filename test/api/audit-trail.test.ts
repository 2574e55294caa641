/**
 * The audit trail over HTTP (issue 28 items 4, 5, 7): a refund, a price save and send, a role change, an API token
 * regeneration and a refused call each leave exactly one entry with its before → after and no secret; ten concurrent
 * refunds leave as many entries as refunds that landed, on an intact chain; the chain check fails once an entry is
 * altered in the table; every mutating route of the manifest writes an entry; bad filters are 400 naming the field.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_ACTIONS, type AuditTrailEntry } from '#schemas/audit';
import { AUDIT_TRAIL_PLATFORM_MERCHANT } from '#schemas/audit-constants';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { groups } from '../../functions/api/manifest';
import { auditCheck } from '../../infra/audit-check';
import { stackEnvironment } from '../../infra/local/stack-process';
import { salesMessage, saleTransaction } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';
import { createUser, updateBodyOf } from './support/users';

let superAdmin = '';
let merchantUser = '';
let merchantId = '';
let serials: string[] = [];
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
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin, 1));
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
    expect(entry!.changes).toEqual([{ entity: 'merchantSettings', entityId: merchantId, field: 'apiToken', before: 'changed', after: 'changed' }]);
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
    for (const route of mutating) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' && route.path.startsWith('/merchants/') ? merchantId : `X${name}`));
      // A public route's caller without an accepted credential is nobody: counted in metrics, never written.
      const expected = route.roles === 'public' ? 0 : 1;
      const { res, correlationId } = await call(path, { method: route.method, body: {}, ...(route.roles === 'public' ? { token: '' } : {}) });
      const found = [...(await entriesOf(correlationId)), ...(await entriesOf(correlationId, AUDIT_TRAIL_PLATFORM_MERCHANT))];
      if (found.length !== expected) missing.push(`${route.id} (${res.status}): ${found.length} entries`);
    }
    expect(missing).toEqual([]);
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

/**
 * A change and its audit entry (issue 28 item 5): a call's first table write carries its intent, in the same
 * transaction; the entry, appended once the answer is known, names it; the audit sweep removes an intent whose entry
 * exists and turns any other into the entry, exactly once. Over HTTP against the API tests' stack, which lets a call ask for its entry's
 * append to fail or its function to end right after the handler (AUDIT_TRAIL_FAULTS=on, header x-audit-trail-fault),
 * and runs the sweep on intents older than a second when asked (runSchedule).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditTrailEntry } from '#schemas/audit';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { stackEnvironment } from '../../infra/local/stack-process';
import { auditCheck } from '../../infra/audit-check';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { settingsBody } from './support/samples';
import { runSchedule, stack, stackDeps, tokenFor } from './support/stack';

let superAdmin = '';
let merchantId = '';

const call = (path: string, init: { method: string; body?: unknown; fault?: 'entry' | 'crash' }) => {
  const correlationId = `intent-${randomUUID()}`;
  const headers: Record<string, string> = { 'x-correlation-id': correlationId, ...(init.fault ? { 'x-audit-trail-fault': init.fault } : {}) };
  return api(path, { token: superAdmin, method: init.method, body: init.body, headers }).then((res) => ({ res, correlationId }));
};

async function entriesOf(correlationId: string): Promise<AuditTrailEntry[]> {
  const res = await api(`/audit?merchantId=${merchantId}&size=100`, { token: superAdmin });
  expect(res.status, res.text).toBe(200);
  return (res.body.items as AuditTrailEntry[]).filter((e) => e.correlationId === correlationId);
}

/** The intents in the table of one call (its correlation id). */
async function intentsOf(correlationId: string): Promise<unknown[]> {
  const env = stackEnvironment(stack);
  const doc = createDocumentClient({ region: env.AWS_REGION!, endpoint: env.DYNAMODB_ENDPOINT });
  const shards = await Promise.all(
    Array.from({ length: keys.AUDIT_INTENT_SHARDS }, (_, shard) =>
      doc.send(
        new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.auditIntentPk(shard) } }),
      ),
    ),
  );
  return shards.flatMap((r) => r.Items ?? []).filter((i) => (i.content as { correlationId: string }).correlationId === correlationId);
}

/** The sweep, once every intent written so far is older than the stack's grace (a second): runs until one finds nothing left (the suite's other calls leave theirs too). */
async function sweep() {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const total = { cleared: 0, recorded: 0, gone: 0 };
  for (;;) {
    const run = (await runSchedule('audit-intent-sweep')) as typeof total;
    for (const k of ['cleared', 'recorded', 'gone'] as const) total[k] += run[k];
    if (run.cleared + run.recorded + run.gone === 0) return total;
  }
}

/** A PIN of the test's merchant's own: the samples' PIN is another merchant's once any other test saved it. */
const deviceAssociationPin = String(randomInt(40_000_000, 99_999_999));
const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  stackDeps();
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  ({ merchantId } = await newMerchantWithMachines(superAdmin, 0));
});

describe('a change and its entry', () => {
  it('a normal change makes one entry, not two: the sweep removes its intent, which the entry names', async () => {
    const { res, correlationId } = await call(`/merchants/${merchantId}/settings`, {
      method: 'PUT',
      body: { ...settingsBody(), deviceAssociationPin, maximumRefund: 1234 },
    });
    expect(res.status, res.text).toBe(200);
    expect(await entriesOf(correlationId)).toHaveLength(1);
    expect(await intentsOf(correlationId)).toHaveLength(1);
    expect((await sweep()).cleared).toBeGreaterThanOrEqual(1);
    expect(await intentsOf(correlationId)).toEqual([]);
    const entries = await entriesOf(correlationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'success', status: 200, action: 'merchants.saveSettings' });
    expect(entries[0]!.changes).toContainEqual(expect.objectContaining({ field: 'maximumRefund', after: 1234 }));
  });

  it('a refused change (a duplicate name, 409) leaves no intent and no success entry', async () => {
    const name = unique('Intent client');
    const first = await call(`/merchants/${merchantId}/clients`, { method: 'POST', body: { name, country: 'IT' } });
    expect(first.res.status, first.res.text).toBe(201);
    const { res, correlationId } = await call(`/merchants/${merchantId}/clients`, { method: 'POST', body: { name, country: 'IT' } });
    expect(res.status, res.text).toBe(409);
    expect(await intentsOf(correlationId)).toEqual([]);
    await sweep();
    const entries = await entriesOf(correlationId);
    expect(entries.map((e) => [e.outcome, e.status, e.changes])).toEqual([['refused', 409, []]]);
  });

  it('a change whose entry cannot be appended keeps its answer, and is in the trail after the sweep, exactly once, with its before → after', async () => {
    const made = await call(`/merchants/${merchantId}/clients`, { method: 'POST', body: { name: unique('Renamed client'), country: 'IT' } });
    expect(made.res.status, made.res.text).toBe(201);
    const renamed = unique('Client renamed');
    const { res, correlationId } = await call(`/merchants/${merchantId}/clients/${made.res.body.id}`, {
      method: 'PUT',
      body: { name: renamed, country: 'IT' },
      fault: 'entry',
    });
    expect(res.status, res.text).toBe(200);
    expect(await entriesOf(correlationId)).toEqual([]);
    expect(await intentsOf(correlationId)).toHaveLength(1);
    expect((await sweep()).recorded).toBeGreaterThanOrEqual(1);
    const entries = await entriesOf(correlationId);
    expect(entries).toHaveLength(1);
    // The call put its whole entry into the intent: the sweep appended that one (its answer, not "unanswered").
    expect(entries[0]).toMatchObject({ action: 'clients.update', outcome: 'success', status: 200, actor: { role: 'NEBULARSUPERADMIN' } });
    expect(entries[0]!.changes).toContainEqual(expect.objectContaining({ entity: 'client', field: 'name', after: renamed }));
    expect(await intentsOf(correlationId)).toEqual([]);
    await sweep();
    expect(await entriesOf(correlationId)).toHaveLength(1);
  });

  it('a change whose function ends before its entry is in the trail after the sweep, exactly once, as unanswered with what it staged; the chain holds', async () => {
    const { res, correlationId } = await call(`/merchants/${merchantId}/settings`, {
      method: 'PUT',
      body: { ...settingsBody(), deviceAssociationPin, maximumRefund: 4321 },
      fault: 'crash',
    });
    expect(res.status, res.text).toBe(200);
    expect(await entriesOf(correlationId)).toEqual([]);
    expect(await intentsOf(correlationId)).toHaveLength(1);
    await sweep();
    const entries = await entriesOf(correlationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      merchantId,
      action: 'merchants.saveSettings',
      method: 'PUT',
      targets: [{ type: 'merchant', id: merchantId }],
      outcome: 'unanswered',
      status: 0,
      actor: { kind: 'user', role: 'NEBULARSUPERADMIN' },
    });
    expect(entries[0]!.changes).toContainEqual({ entity: 'merchantSettings', entityId: merchantId, field: 'maximumRefund', before: 1234, after: 4321 });
    expect(await intentsOf(correlationId)).toEqual([]);
    await sweep();
    expect(await entriesOf(correlationId)).toHaveLength(1);
    expect((await auditCheck(merchantId, stackEnvironment(stack))).problems).toEqual([]);
  });
});

/**
 * Cash databases and their rules over HTTP against the embedded stack (issue 32 item 3, CASHDB_UPDATE): files go to
 * s3rver by the presigned PUT and are checked by content and hashed from the object, as firmware; a version already
 * registered is refused (also under concurrency); a rule uses its cash database until it ends (delete → 409).
 */
import { createHash } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASH_DATABASES, seedDemoCashDatabases } from '../../infra/local/demo-cash-databases';
import { localS3ClientConfig } from '../../infra/local/emulators/s3';
import { stackEnvironment } from '../../infra/local/stack-process';
import { CASH_DATABASE_MAX_BYTES } from '#schemas/cash-database';
import { newSerial } from './support/devices';
import { cashDatabaseBody, cashDatabasesPath, createCashDatabase, uploadCashDatabaseFile } from './support/cash-databases';
import { zipBytes } from './support/firmware';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';

const ACME = 'acme-vending';
const ACME_PIN = '11223344';
const s3 = new S3Client(localS3ClientConfig(stack.s3));
const bucket = stack.buckets.cashDatabases;
const databases = (m = ACME) => cashDatabasesPath(m);
const rules = (m = ACME) => `/merchants/${m}/cash-database-rules`;
let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let c100 = '';
let ceng = '';

const dbBody = cashDatabaseBody;
const upload = (token: string, bytes: Buffer, type = 'application/zip', name = 'db.zip') => uploadCashDatabaseFile(token, ACME, bytes, type, name);
const createDb = (token = merchantAdmin, overrides: Record<string, unknown> = {}) => createCashDatabase(token, ACME, overrides);
const incoming = (uploadId: string) =>
  s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `incoming/cash-databases/${ACME}/${uploadId}` })).then(
    () => true,
    () => false,
  );
const ruleBody = (cashDatabaseId: string, overrides: Record<string, unknown> = {}) => ({
  cashDatabaseId,
  target: { kind: 'machines', serials: [c100] },
  startAt: new Date(Date.now() + 86_400_000).toISOString(),
  waves: { kind: 'count', count: 2 },
  minMachines: 5,
  failureThresholdPercent: 20,
  machineTimeoutSeconds: 1800,
  ...overrides,
});

async function join(type: string) {
  const serial = newSerial(type);
  const res = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: ACME_PIN, name: `Cash database target ${serial}` } });
  expect(res.status, res.text).toBe(201);
  return serial;
}

beforeAll(async () => {
  const tokens = await Promise.all((['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const).map(tokenFor));
  [superAdmin, merchantAdmin, groupAdmin, merchantUser] = tokens as [string, string, string, string];
  [c100, ceng] = await Promise.all([join('C100'), join('CENG')]);
});

describe('a cash database', () => {
  it('is created from its uploaded file (size and SHA-256 from the object), edited, downloaded and deleted, in the audit trail', async () => {
    const bytes = zipBytes(200_000);
    const uploadId = await upload(merchantUser, bytes);
    const body = dbBody(uploadId);
    const res = await api(databases(), { method: 'POST', token: merchantUser, body });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      merchantId: ACME,
      version: body.version,
      deviceType: 'C100',
      peripheral: 'billValidator',
      description: 'EUR banknotes, 2026 series',
      rules: 0,
      createdBy: 'merchant.user@demo.local',
      file: { fileName: 'eur-2026.zip', contentType: 'application/zip', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    });
    expect(await incoming(uploadId)).toBe(false);
    const id = res.body.id as string;
    expect((await api(`${databases()}/${id}`, { token: groupAdmin })).body).toEqual(res.body);

    const download = await api(`${databases()}/${id}/download`, { token: merchantUser });
    expect(download.status).toBe(302);
    const file = await fetch(download.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const listed = await api(`${databases()}?deviceType=C100&size=100`, { token: merchantUser });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((d: { id: string }) => d.id)).toContain(id);
    expect((await api(`${databases()}?deviceType=CSAF&size=100`, { token: merchantUser })).body.items.map((d: { id: string }) => d.id)).not.toContain(id);

    const updated = await api(`${databases()}/${id}`, { method: 'PUT', token: merchantUser, body: { description: 'EUR, all series' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.description).toBe('EUR, all series');
    const trail = await api(`/audit?merchantId=${ACME}&action=cashDatabases.update&size=100`, { token: superAdmin });
    const entry = trail.body.items.find((e: { targets: Array<{ id: string }> }) => e.targets.some((t) => t.id === id));
    expect(entry?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'description', after: 'EUR, all series' })]));

    expect((await api(`${databases()}/${id}`, { method: 'DELETE', token: merchantUser })).status).toBe(204);
    expect((await api(`${databases()}/${id}`, { token: merchantUser })).status).toBe(404);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `cash-databases/${ACME}/${id}` }));
    expect(left.KeyCount ?? 0).toBe(0);
  });

  it('refuses a version already registered, also when two arrive at once, and keeps no file of the refused one', async () => {
    const [a, b] = await Promise.all([upload(merchantAdmin, zipBytes()), upload(merchantAdmin, zipBytes())]);
    const body = dbBody(a);
    const both = await Promise.all([
      api(databases(), { method: 'POST', token: merchantAdmin, body }),
      api(databases(), { method: 'POST', token: merchantAdmin, body: { ...body, uploadId: b } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const refused = both.find((r) => r.status === 400)!;
    expect(refused.body).toMatchObject({
      code: 'DuplicateCashDatabaseVersionException',
      details: [{ path: 'body.version', message: 'database version already registered' }],
    });
    const kept = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `cash-databases/${ACME}/` }));
    const created = both.find((r) => r.status === 201)!.body.id as string;
    expect((kept.Contents ?? []).filter((o) => o.Key!.startsWith(`cash-databases/${ACME}/${created}`))).toHaveLength(1);
    expect(await incoming(a)).toBe(false);
    expect(await incoming(b)).toBe(false);
    // The same version for the machine itself, or for another device type, is another database.
    await createDb(merchantAdmin, { version: body.version, peripheral: null });
    await createDb(merchantAdmin, { version: body.version, deviceType: 'CSAF' });
  });

  it('is refused when the content is not of the declared type, or over the size limit, and the upload is deleted', async () => {
    const script = await upload(merchantAdmin, Buffer.from('#!/bin/sh\necho not a zip\n'.repeat(20)));
    const res = await api(databases(), { method: 'POST', token: merchantAdmin, body: dbBody(script) });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'UnsupportedFileTypeException', details: [{ path: 'body.uploadId' }] });
    expect(await incoming(script)).toBe(false);
    const gzip = await upload(merchantAdmin, zipBytes(), 'application/gzip', 'db.gz');
    expect((await api(databases(), { method: 'POST', token: merchantAdmin, body: dbBody(gzip) })).body.code).toBe('UnsupportedFileTypeException');
    expect(await incoming(gzip)).toBe(false);

    const link = (contentType: string, size: number) =>
      api(`${databases()}/uploads`, { method: 'POST', token: merchantAdmin, body: { fileName: 'db.bin', contentType, size } });
    const wrongType = await link('application/x-msdownload', 10);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toContainEqual(expect.objectContaining({ path: 'body.contentType', message: 'unsupported file type' }));
    const tooLarge = await link('application/zip', CASH_DATABASE_MAX_BYTES + 1);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.details).toContainEqual(expect.objectContaining({ path: 'body.size' }));
    const never = await link('application/zip', 1000);
    expect((await api(databases(), { method: 'POST', token: merchantAdmin, body: dbBody(never.body.uploadId) })).body.code).toBe('UploadNotFoundException');
  });

  it('answers 403 CashDatabaseNotEnabledException where CASHDB_UPDATE is off, and 404 for another merchant’s', async () => {
    for (const [path, method] of [
      [databases('bravo-distribucion'), 'GET'],
      [`${databases('bravo-distribucion')}/uploads`, 'POST'],
      [rules('bravo-distribucion'), 'GET'],
    ] as const) {
      const res = await api(path, {
        method,
        token: superAdmin,
        body: method === 'POST' ? { fileName: 'a.zip', contentType: 'application/zip', size: 10 } : undefined,
      });
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe('CashDatabaseNotEnabledException');
    }
    // Acme's admin asking for another merchant's (which has the feature) learns nothing of it.
    expect((await api(databases('colibri-cash'), { token: merchantAdmin })).status).toBe(404);
  });
});

describe('a cash database rule', () => {
  it('is made by an admin for an existing cash database, uses it until cancelled (delete → 409 meanwhile), pauses and resumes', async () => {
    const db = await createDb();
    const res = await api(rules(), { method: 'POST', token: merchantAdmin, body: ruleBody(db.id) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      merchantId: ACME,
      cashDatabaseId: db.id,
      version: db.version,
      deviceType: 'C100',
      peripheral: 'billValidator',
      status: 'scheduled',
      target: { kind: 'machines', serials: [c100] },
      maintenanceWindow: null,
      counts: {},
    });
    const id = res.body.id as string;
    expect((await api(`${databases()}/${db.id}`, { token: merchantAdmin })).body.rules).toBe(1);
    const inUse = await api(`${databases()}/${db.id}`, { method: 'DELETE', token: merchantAdmin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('CashDatabaseInUseException');

    expect((await api(`${rules()}/${id}/pause`, { method: 'POST', token: merchantAdmin })).body.status).toBe('paused');
    expect((await api(`${rules()}/${id}/pause`, { method: 'POST', token: merchantAdmin })).body.code).toBe('RuleStatusConflictException');
    expect((await api(`${rules()}/${id}/resume`, { method: 'POST', token: superAdmin })).body.status).toBe('scheduled');
    const listed = await api(`${rules()}?size=100`, { token: groupAdmin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await api(`${rules()}/${id}`, { token: groupAdmin })).body.id).toBe(id);

    expect((await api(`${rules()}/${id}/cancel`, { method: 'POST', token: merchantAdmin })).body.status).toBe('cancelled');
    expect((await api(`${databases()}/${db.id}`, { token: merchantAdmin })).body.rules).toBe(0);
    expect((await api(`${databases()}/${db.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(204);
  });

  it('needs the cash database to exist first and to fit the target’s machines', async () => {
    const missing = await api(rules(), { method: 'POST', token: merchantAdmin, body: ruleBody('000000000-000000000000') });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'CashDatabaseNotFoundException', details: [{ path: 'body.cashDatabaseId' }] });
    const db = await createDb(merchantAdmin, { peripheral: null });
    const wrongType = await api(rules(), {
      method: 'POST',
      token: merchantAdmin,
      body: ruleBody(db.id, { target: { kind: 'machines', serials: [c100, ceng] } }),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'InvalidRuleTargetException', details: [{ path: 'body.target.serials.1' }] });
    const everyC100 = await api(rules(), { method: 'POST', token: superAdmin, body: ruleBody(db.id, { target: { kind: 'deviceType' } }) });
    expect(everyC100.status, everyC100.text).toBe(201);
    expect(everyC100.body.peripheral).toBeNull();
  });

  it('is not the merchant user’s, and is changed only by admins', async () => {
    const db = await createDb();
    expect((await api(rules(), { token: merchantUser })).status).toBe(403);
    for (const token of [groupAdmin, merchantUser]) expect((await api(rules(), { method: 'POST', token, body: ruleBody(db.id) })).status).toBe(403);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a wave count of zero', { waves: { kind: 'count', count: 0 } }, 'body.waves.count'],
    ['an abort threshold over 100 %', { failureThresholdPercent: 101 }, 'body.failureThresholdPercent'],
    ['a timeout of zero', { machineTimeoutSeconds: 0 }, 'body.machineTimeoutSeconds'],
    ['a maintenance window that ends before it starts', { maintenanceWindow: { from: '05:00', to: '02:00' } }, 'body.maintenanceWindow.to'],
    ['an id of another shape', { cashDatabaseId: 'x' }, 'body.cashDatabaseId'],
  ];
  it('refuses bad input with 400 naming the field', async () => {
    for (const [what, change, path] of cases) {
      const res = await api(rules(), { method: 'POST', token: merchantAdmin, body: ruleBody('000000000-000000000000', change) });
      expect(res.status, what).toBe(400);
      expect(res.body.details, what).toContainEqual(expect.objectContaining({ path }));
    }
  });
});

describe('bad input on a cash database → 400 naming the field', () => {
  it('refuses each bad field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ version: '' }, 'version'],
      [{ version: 'v 1/2' }, 'version'],
      [{ deviceType: 'CENG' }, 'deviceType'],
      [{ peripheral: 'cashless1' }, 'peripheral'],
      [{ description: 'x'.repeat(201) }, 'description'],
      [{ uploadId: '../../etc/passwd' }, 'uploadId'],
    ];
    for (const [change, field] of cases) {
      const res = await api(databases(), { method: 'POST', token: merchantAdmin, body: dbBody(`${'a'.repeat(32)}.zip`, change) });
      expect(res.status, field).toBe(400);
      expect(res.body.details, field).toContainEqual(expect.objectContaining({ path: `body.${field}` }));
    }
    expect((await api(`${databases()}/000000000-000000000000`, { token: merchantAdmin })).status).toBe(404);
  });
});

describe('the demo', () => {
  it('holds two versions of Colibrí Cash and a rule rolling one out, seeded once', async () => {
    // The seed runs in the stack's process on `npm start`: here, in this one, with the stack's environment.
    Object.assign(process.env, stackEnvironment(stack));
    const deps = stackDeps();
    await seedDemoCashDatabases(deps);
    await seedDemoCashDatabases(deps);
    const listed = await api(`${databases('colibri-cash')}?size=100`, { token: superAdmin });
    expect(listed.body.items.map((d: { version: string }) => d.version).sort()).toEqual(DEMO_CASH_DATABASES.map((d) => d.version));
    const ruled = await api(`${rules('colibri-cash')}?size=100`, { token: superAdmin });
    expect(ruled.body.items).toEqual([
      expect.objectContaining({ version: '2026.11', peripheral: 'billValidator', status: 'scheduled', target: { kind: 'deviceType' } }),
    ]);
  });
});

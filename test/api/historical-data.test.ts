/**
 * Historical data requests and scheduled exports over HTTP against the embedded stack: the export runs through the
 * local Step Functions runner into s3rver, and what the download's 302 leads to is compared, row by row, with what
 * the machines' transaction lists answer for the same range.
 */
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { exportFileKey } from '../../functions/core/historical-data/model';
import { dayStart } from '../../functions/core/shared/zoned-time';
import { localS3ClientConfig } from '../../infra/local/emulators/s3';
import { saleTransaction, salesMessage } from '../../infra/local/simulator';
import { MAX_ACTIVE_DATA_REQUESTS, MAX_SUBSCRIPTIONS, TECHNICAL_FAILURE } from '#schemas/historical-data';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { runSchedule, stack, stackDeps, tokenFor } from './support/stack';

const ZONE = 'Europe/Rome';
const s3 = new S3Client(localS3ClientConfig(stack.s3));
const devices = simulatedDevices();
let superAdmin = '';
let merchantAdmin = '';
let merchantId = '';
let serials: string[] = [];

const base = (m = merchantId) => `/merchants/${m}/historicaldata`;
const subscriptionsOf = (m = merchantId) => `/merchants/${m}/historicaldata-subscriptions`;

/** An instant given as a wall-clock time in Rome (March 2026: UTC+1). */
const rome = (day: string, time: string) => new Date(Date.parse(`${day}T${time}+01:00`)).toISOString();

async function request(body: Record<string, unknown>, m = merchantId) {
  const res = await api(base(m), { method: 'POST', token: superAdmin, body });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}

const ended = (m: string, id: string) =>
  waitFor(
    async () => {
      const res = await api(`${base(m)}/${id}`, { token: superAdmin });
      return res.body.status !== 'Created' && (res.body as Record<string, any>);
    },
    `request ${id} to end`,
    40_000,
  );

async function downloadCsv(m: string, id: string): Promise<{ rows: Array<Record<string, string>>; text: string; disposition: string | null }> {
  const res = await api(`${base(m)}/${id}/download`, { token: superAdmin });
  expect(res.status, res.text).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  expect(file.status).toBe(200);
  const text = await file.text();
  const [header, ...lines] = text.split('\r\n').filter(Boolean);
  const columns = header!.split(',');
  return {
    rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i]!, v]))),
    text,
    disposition: file.headers.get('content-disposition'),
  };
}

/** What the machines' transaction lists answer for [from, to), oldest first, machine by machine (by serial). */
async function listedTransactions(from: string, to: string, errorsOnly = false) {
  const out: Array<Record<string, string>> = [];
  for (const serial of [...serials].sort()) {
    const res = await api(`/pos/${serial}/transactions?ordType=asc&size=100&from=${from}&to=${to}`, { token: superAdmin });
    expect(res.status).toBe(200);
    for (const t of res.body.items as Array<Record<string, unknown>>) {
      if (errorsOnly && t.errorSale !== true) continue;
      out.push({
        serial,
        transactionId: String(t.transactionId),
        createdAt: String(t.createdAt),
        type: String(t.type),
        value: String(t.value),
        errorSale: t.errorSale === undefined ? '' : String(t.errorSale),
      });
    }
  }
  return out;
}

const picked = (rows: Array<Record<string, string>>) =>
  rows.map((r) => ({ serial: r.serial!, transactionId: r.transactionId!, createdAt: r.createdAt!, type: r.type!, value: r.value!, errorSale: r.errorSale! }));

const objectExists = async (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: stack.buckets.exports, Key: key })).then(
    () => true,
    () => false,
  );

const setMerchantZone = (m: string, timezone: string) =>
  stackDeps().doc.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: keys.merchant(m),
      UpdateExpression: 'SET #tz = :z',
      ExpressionAttributeNames: { '#tz': 'timezone' },
      ExpressionAttributeValues: { ':z': timezone },
    }),
  );

/** Sales of each machine: inside 10–12 March in Rome (at both edges), just outside, and failed ones. */
const SALE_TIMES = [
  rome('2026-03-09', '23:59:59'),
  rome('2026-03-10', '00:00:00'),
  rome('2026-03-11', '12:00:00'),
  rome('2026-03-12', '23:59:59'),
  rome('2026-03-13', '00:00:00'),
];

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin, 2));
  for (const serial of serials) {
    const device = await devices.connect(serial);
    const transactions = SALE_TIMES.flatMap((createdAt, i) => [
      saleTransaction({ createdAt }),
      ...(i === 2 ? [saleTransaction({ createdAt, errorSale: true })] : []),
    ]);
    await device.publish('sales', salesMessage(serial, transactions));
  }
  await waitFor(async () => {
    for (const serial of serials) if ((await api(`/pos/${serial}/transactions`, { token: superAdmin })).body.total !== SALE_TIMES.length + 1) return false;
    return true;
  }, 'the sales');
});

afterAll(() => devices.closeAll());

describe('creating a request', () => {
  it('refuses unknown fields, an unknown type, bad dates, an end before the start and more than 366 days', async () => {
    const cases = [
      { startDate: '2026-03-01', endDate: '2026-03-02', dataType: 'Transactions', extra: 1 },
      { startDate: '2026-03-01', endDate: '2026-03-02', dataType: 'Sales' },
      { startDate: '2026-02-30', endDate: '2026-03-02', dataType: 'Alarms' },
      { startDate: '2026-03-02', endDate: '2026-03-01', dataType: 'Alarms' },
      { startDate: '2025-03-01', endDate: '2026-03-02', dataType: 'Audits' },
    ];
    for (const body of cases) {
      const res = await api(base(), { method: 'POST', token: superAdmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('ValidationException');
    }
    const longest = await request({ startDate: '2025-03-02', endDate: '2026-03-02', dataType: 'Audits' });
    expect(await ended(merchantId, longest.id)).toMatchObject({ status: 'Completed', rows: 0 });
  });

  it('answers 404 for a merchant the caller cannot see, 403 for group admins and merchant users', async () => {
    const body = { startDate: '2026-03-01', endDate: '2026-03-02', dataType: 'Alarms' };
    expect((await api(base(), { method: 'POST', token: merchantAdmin, body })).body.code).toBe('MerchantNotFoundException');
    expect((await api(base('no-such-merchant'), { method: 'POST', token: superAdmin, body })).status).toBe(404);
    for (const role of ['NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      expect((await api(base('acme-vending'), { method: 'POST', token: await tokenFor(role), body })).status).toBe(403);
      expect((await api(base('acme-vending'), { token: await tokenFor(role) })).status).toBe(403);
    }
  });

  it(`keeps at most ${MAX_ACTIVE_DATA_REQUESTS} requests in progress per merchant, under concurrency`, async () => {
    const other = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    // A time zone the export cannot read keeps each export failing (and retried with backoff) for seconds: the requests stay Created meanwhile.
    await setMerchantZone(other, 'Not/AZone');
    const body = { startDate: '2026-03-01', endDate: '2026-03-02', dataType: 'Alarms' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => api(base(other), { method: 'POST', token: superAdmin, body })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_ACTIVE_DATA_REQUESTS);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(12 - MAX_ACTIVE_DATA_REQUESTS);
    expect(refused[0]!.body).toMatchObject({
      code: 'TooManyActiveDataRequestsException',
      details: [{ path: 'max', message: String(MAX_ACTIVE_DATA_REQUESTS) }],
    });
    // Each failed export ends in Error, which frees its place.
    for (const a of answers.filter((x) => x.status === 201))
      expect(await ended(other, a.body.id)).toMatchObject({ status: 'Error', message: TECHNICAL_FAILURE });
    await setMerchantZone(other, ZONE);
    expect((await api(base(other), { method: 'POST', token: superAdmin, body })).status).toBe(201);
  });
});

describe('a Transactions export', () => {
  let done: Record<string, any>;

  beforeAll(async () => {
    const made = await request({ startDate: '2026-03-10', endDate: '2026-03-12', dataType: 'Transactions' });
    expect(made).toMatchObject({
      status: 'Created',
      attempts: 1,
      rows: null,
      linkValidUntil: null,
      subscriptionId: null,
      createdBy: expect.stringContaining('@'),
    });
    done = await ended(merchantId, made.id);
  });

  it('completes with its rows, size and a link valid 7 days', () => {
    expect(done).toMatchObject({ status: 'Completed', message: null, rows: 2 * 4 });
    expect(done.size).toBeGreaterThan(0);
    expect(Date.parse(done.linkValidUntil) - Date.parse(done.completedAt)).toBe(7 * 86_400_000);
  });

  it('downloads (302 to a short-lived link) a CSV equal, row by row, to the machines’ transaction lists of the range in the merchant’s time zone', async () => {
    const res = await api(`${base()}/${done.id}/download`, { token: superAdmin });
    expect(res.status).toBe(302);
    const expires = Number(new URL(res.headers.get('location')!).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(300);
    const { rows, disposition } = await downloadCsv(merchantId, done.id);
    expect(disposition).toContain(`transactions-${merchantId}-2026-03-10-2026-03-12.csv`);
    const listed = await listedTransactions(dayStart('2026-03-10', ZONE), dayStart('2026-03-13', ZONE));
    expect(listed).toHaveLength(8);
    expect(picked(rows)).toEqual(listed);
    expect(rows.every((r) => r.posName === `Ingestion ${r.serial}`)).toBe(true);
  });

  it('FailedTransactions holds only the failed sales', async () => {
    const failed = await ended(merchantId, (await request({ startDate: '2026-03-10', endDate: '2026-03-12', dataType: 'FailedTransactions' })).id);
    expect(failed).toMatchObject({ status: 'Completed', rows: 2 });
    const { rows } = await downloadCsv(merchantId, failed.id);
    expect(picked(rows)).toEqual(await listedTransactions(dayStart('2026-03-10', ZONE), dayStart('2026-03-13', ZONE), true));
  });

  it('lists newest first, filtered by status and data type', async () => {
    const all = await api(`${base()}?size=50`, { token: superAdmin });
    expect(all.status).toBe(200);
    const dates = (all.body.items as Array<{ creationDate: string }>).map((r) => r.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.body.total).toBe(all.body.items.length);
    const completed = await api(`${base()}?status=Completed&dataType=Transactions`, { token: superAdmin });
    expect(completed.body.items.map((r: { id: string }) => r.id)).toContain(done.id);
    expect(completed.body.items.every((r: { status: string; dataType: string }) => r.status === 'Completed' && r.dataType === 'Transactions')).toBe(true);
    expect((await api(`${base()}?status=Done`, { token: superAdmin })).status).toBe(400);
  });

  it('refuses to retry what did not fail, and 404s ids of another merchant', async () => {
    expect((await api(`${base()}/${done.id}/retry`, { method: 'POST', token: superAdmin })).body.code).toBe('DataRequestNotRetryableException');
    expect((await api(`${base('acme-vending')}/${done.id}`, { token: superAdmin })).body.code).toBe('HistoricalDataRequestNotFoundException');
    expect((await api(`${base('acme-vending')}/${done.id}/download`, { token: merchantAdmin })).status).toBe(404);
    expect((await api(`${base()}/${done.id}`, { token: merchantAdmin })).status).toBe(404);
  });
});

describe('a failed export', () => {
  it('ends in Error without a file when the bucket refuses writes, and its retry exports every row once to a new file', async () => {
    const bucket = stack.buckets.exports;
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    if (listed.Contents?.length)
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: listed.Contents.map((o) => ({ Key: o.Key! })) } }));
    await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
    let made: Record<string, any>;
    try {
      made = await request({ startDate: '2026-03-10', endDate: '2026-03-12', dataType: 'Transactions' });
      const failed = await ended(merchantId, made.id);
      expect(failed).toMatchObject({ status: 'Error', message: TECHNICAL_FAILURE, rows: null, linkValidUntil: null });
      expect((await api(`${base()}/${made.id}/download`, { token: superAdmin })).body.code).toBe('DataRequestNotReadyException');
    } finally {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    }
    expect(await objectExists(exportFileKey(merchantId, made.id, 1))).toBe(false);
    const retried = await api(`${base()}/${made.id}/retry`, { method: 'POST', token: superAdmin });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'Created', attempts: 2, message: null });
    expect(await ended(merchantId, made.id)).toMatchObject({ status: 'Completed', attempts: 2, rows: 8 });
    const { rows } = await downloadCsv(merchantId, made.id);
    expect(picked(rows)).toEqual(await listedTransactions(dayStart('2026-03-10', ZONE), dayStart('2026-03-13', ZONE)));
    expect(await objectExists(exportFileKey(merchantId, made.id, 2))).toBe(true);
    expect(await objectExists(exportFileKey(merchantId, made.id, 1))).toBe(false);
  });
});

describe('expiry and delete', () => {
  it('an expired request downloads 410 and its file is gone', async () => {
    const done = await ended(merchantId, (await request({ startDate: '2026-03-11', endDate: '2026-03-11', dataType: 'Audits' })).id);
    expect(done.status).toBe('Completed');
    const key = exportFileKey(merchantId, done.id, 1);
    expect(await objectExists(key)).toBe(true);
    await stackDeps().doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: keys.dataRequest(merchantId, done.id),
        UpdateExpression: 'SET linkValidUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await api(`${base()}/${done.id}`, { token: superAdmin })).body.status).toBe('Expired');
    expect((await api(`${base()}?status=Expired`, { token: superAdmin })).body.items.map((r: { id: string }) => r.id)).toContain(done.id);
    const gone = await api(`${base()}/${done.id}/download`, { token: superAdmin });
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('DataRequestExpiredException');
    expect(await objectExists(key)).toBe(false);
    expect((await api(`${base()}/${done.id}/download`, { token: superAdmin })).status).toBe(410);
  });

  it('delete removes the request and its file', async () => {
    const done = await ended(merchantId, (await request({ startDate: '2026-03-11', endDate: '2026-03-11', dataType: 'Alarms' })).id);
    const key = exportFileKey(merchantId, done.id, 1);
    expect(await objectExists(key)).toBe(true);
    expect((await api(`${base('acme-vending')}/${done.id}`, { method: 'DELETE', token: merchantAdmin })).status).toBe(404);
    expect((await api(`${base()}/${done.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await api(`${base()}/${done.id}`, { token: superAdmin })).status).toBe(404);
    expect((await api(`${base()}/${done.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(404);
    expect(await objectExists(key)).toBe(false);
  });
});

describe('scheduled exports', () => {
  /** Makes a subscription due at `at` (as if that time had come), as its stored next run. */
  const dueAt = (id: string, at: string) =>
    stackDeps().doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: keys.dataSubscription(merchantId, id),
        UpdateExpression: 'SET nextRunAt = :at, gsi2sk = :due',
        ExpressionAttributeValues: { ':at': at, ':due': keys.dataSubscriptionDue(at, merchantId, id).gsi2sk },
      }),
    );

  it('starts at the next period in the merchant’s time zone', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const next = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const daily = await api(subscriptionsOf(), { method: 'POST', token: superAdmin, body: { dataType: 'Alarms', frequency: 'daily' } });
    expect(daily.status).toBe(201);
    expect(daily.body).toMatchObject({
      frequency: 'daily',
      dataType: 'Alarms',
      lastRunAt: null,
      lastRequestId: null,
      lastError: null,
      nextRunAt: dayStart(next(1), ZONE),
    });
    const weekly = await api(subscriptionsOf(), { method: 'POST', token: superAdmin, body: { dataType: 'Audits', frequency: 'weekly' } });
    const weeklyDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(weekly.body.nextRunAt));
    expect(weekly.body.nextRunAt).toBe(dayStart(weeklyDay, ZONE));
    expect(new Date(`${weeklyDay}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(Date.parse(weekly.body.nextRunAt) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const monthly = await api(subscriptionsOf(), { method: 'POST', token: superAdmin, body: { dataType: 'Transactions', frequency: 'monthly' } });
    expect(monthly.body.nextRunAt).toBe(
      dayStart(`${new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) + 32 * 86_400_000).toISOString().slice(0, 7)}-01`, ZONE),
    );
    const list = await api(subscriptionsOf(), { token: superAdmin });
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([daily.body.id, weekly.body.id, monthly.body.id]);
    for (const s of [daily, weekly, monthly])
      expect((await api(`${subscriptionsOf()}/${s.body.id}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await api(`${subscriptionsOf()}/${daily.body.id}`, { method: 'DELETE', token: superAdmin })).body.code).toBe('SubscriptionNotFoundException');
    expect((await api(subscriptionsOf(), { method: 'POST', token: superAdmin, body: { dataType: 'Alarms', frequency: 'hourly' } })).status).toBe(400);
  });

  it('a due subscription makes one request for the period just ended and moves to its next run', async () => {
    const cases = [
      { frequency: 'daily', runDay: '2026-03-13', period: ['2026-03-12', '2026-03-12'], nextDay: '2026-03-14', rows: 2 * 1 },
      { frequency: 'weekly', runDay: '2026-03-16', period: ['2026-03-09', '2026-03-15'], nextDay: '2026-03-23', rows: 2 * 6 },
      { frequency: 'monthly', runDay: '2026-04-01', period: ['2026-03-01', '2026-03-31'], nextDay: '2026-05-01', rows: 2 * 6 },
    ];
    for (const c of cases) {
      const sub = await api(subscriptionsOf(), { method: 'POST', token: superAdmin, body: { dataType: 'Transactions', frequency: c.frequency } });
      expect(sub.status).toBe(201);
      await dueAt(sub.body.id, dayStart(c.runDay, ZONE));
      await runSchedule('data-subscription-sweep');
      const ran = (await api(subscriptionsOf(), { token: superAdmin })).body.items.find((s: { id: string }) => s.id === sub.body.id);
      expect(ran?.lastRunAt, `the ${c.frequency} run`).toEqual(expect.any(String));
      expect(ran).toMatchObject({ nextRunAt: dayStart(c.nextDay, ZONE), lastError: null, lastRequestId: expect.any(String) });
      const made = await ended(merchantId, ran.lastRequestId);
      expect(made).toMatchObject({
        status: 'Completed',
        dataType: 'Transactions',
        startDate: c.period[0],
        endDate: c.period[1],
        subscriptionId: sub.body.id,
        rows: c.rows,
      });
      const requests = (await api(`${base()}?size=100`, { token: superAdmin })).body.items.filter(
        (r: { subscriptionId: string | null }) => r.subscriptionId === sub.body.id,
      );
      expect(requests).toHaveLength(1);
      await api(`${subscriptionsOf()}/${sub.body.id}`, { method: 'DELETE', token: superAdmin });
    }
  });

  it('a run refused by the active maximum is recorded as lastError and the next run still comes', async () => {
    const other = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    // Requests stored as in progress (no export runs for them): the merchant is at its maximum.
    const { dataRequests, now } = stackDeps();
    for (let i = 0; i < MAX_ACTIVE_DATA_REQUESTS; i++) {
      const id = `${Date.now().toString(36).padStart(9, '0')}-${String(i).padStart(12, '0')}`;
      const stored = {
        id,
        merchantId: other,
        dataType: 'Alarms',
        startDate: '2026-03-01',
        endDate: '2026-03-02',
        status: 'Created' as const,
        message: null,
        rows: null,
        size: null,
        creationDate: now(),
        createdBy: 'test@example.test',
        completedAt: null,
        linkValidUntil: null,
        subscriptionId: null,
        attempts: 1,
        fileKey: null,
      };
      expect(await dataRequests.create(stored, MAX_ACTIVE_DATA_REQUESTS)).toBe('created');
    }
    const sub = await api(subscriptionsOf(other), { method: 'POST', token: superAdmin, body: { dataType: 'Alarms', frequency: 'daily' } });
    const at = '2026-03-13T00:00:00.000Z';
    await stackDeps().doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: keys.dataSubscription(other, sub.body.id),
        UpdateExpression: 'SET nextRunAt = :at, gsi2sk = :due',
        ExpressionAttributeValues: { ':at': at, ':due': keys.dataSubscriptionDue(at, other, sub.body.id).gsi2sk },
      }),
    );
    await runSchedule('data-subscription-sweep');
    const [ran] = (await api(subscriptionsOf(other), { token: superAdmin })).body.items;
    expect(ran?.lastRunAt, 'the refused run').toEqual(expect.any(String));
    expect(ran).toMatchObject({ lastError: 'TooManyActiveDataRequestsException', lastRequestId: null });
    expect(Date.parse(ran.nextRunAt)).toBeGreaterThan(Date.parse(at));
  });

  it(`allows at most ${MAX_SUBSCRIPTIONS} subscriptions per merchant`, async () => {
    const other = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    const made = await Promise.all(
      Array.from({ length: MAX_SUBSCRIPTIONS + 3 }, () =>
        api(subscriptionsOf(other), { method: 'POST', token: superAdmin, body: { dataType: 'Alarms', frequency: 'monthly' } }),
      ),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(MAX_SUBSCRIPTIONS);
    expect(made.filter((r) => r.status === 409).every((r) => r.body.code === 'TooManySubscriptionsException')).toBe(true);
    expect((await api(subscriptionsOf(other), { token: merchantAdmin })).status).toBe(404);
  });
});

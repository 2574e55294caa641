import { describe, expect, it } from 'vitest';
import { runExport, type ExportDeps } from '../../functions/core/historical-data/export';
import { recordExportFailure } from '../../functions/core/historical-data/export-failure';
import { exportFileKey, periodOf } from '../../functions/core/historical-data/model';
import type { CompletedExport, DataRequestRepository, ExportFiles, StoredDataRequest } from '../../functions/core/historical-data/ports';
import { firstRunDay, periodBefore } from '../../functions/core/historical-data/subscriptions';
import { dayIn, dayStart } from '../../functions/core/shared/zoned-time';
import { TECHNICAL_FAILURE } from '#schemas/historical-data';
import type { PosTransaction } from '#schemas/pos-history';

describe('days of a time zone', () => {
  it('starts a day at local midnight, across clock changes', () => {
    expect(dayStart('2026-03-10', 'Europe/Rome')).toBe('2026-03-09T23:00:00.000Z');
    expect(dayStart('2026-07-10', 'Europe/Rome')).toBe('2026-07-09T22:00:00.000Z');
    // Rome moves to summer time at 02:00 on 29 March: that day has 23 hours.
    expect(Date.parse(dayStart('2026-03-30', 'Europe/Rome')) - Date.parse(dayStart('2026-03-29', 'Europe/Rome'))).toBe(23 * 3_600_000);
    expect(dayStart('2026-03-10', 'America/Bogota')).toBe('2026-03-10T05:00:00.000Z');
    expect(dayStart('2026-03-10', 'Asia/Kolkata')).toBe('2026-03-09T18:30:00.000Z');
    // Santiago skips midnight when summer time starts (6 September 2026): the day starts at 01:00.
    expect(dayStart('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
  });

  it('tells the day an instant falls on', () => {
    expect(dayIn('Europe/Rome', '2026-03-09T23:00:00.000Z')).toBe('2026-03-10');
    expect(dayIn('Europe/Rome', '2026-03-09T22:59:59.999Z')).toBe('2026-03-09');
  });

  it('covers a request from the start of its first day to the start of the day after its last', () => {
    expect(periodOf({ startDate: '2026-03-28', endDate: '2026-03-29' }, 'Europe/Rome')).toEqual({
      from: '2026-03-27T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });
});

describe('subscription periods', () => {
  it('runs first at the start of the next period', () => {
    expect(firstRunDay('daily', '2026-03-11')).toBe('2026-03-12');
    expect(firstRunDay('weekly', '2026-03-11')).toBe('2026-03-16');
    expect(firstRunDay('weekly', '2026-03-16')).toBe('2026-03-23');
    expect(firstRunDay('monthly', '2026-03-01')).toBe('2026-04-01');
    expect(firstRunDay('monthly', '2026-12-31')).toBe('2027-01-01');
  });

  it('exports the period just ended and runs again at the next one', () => {
    expect(periodBefore('daily', '2026-03-01')).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28', nextRunDay: '2026-03-02' });
    expect(periodBefore('weekly', '2026-03-16')).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15', nextRunDay: '2026-03-23' });
    expect(periodBefore('monthly', '2026-03-01')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28', nextRunDay: '2026-04-01' });
    expect(periodBefore('monthly', '2027-01-01')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31', nextRunDay: '2027-02-01' });
  });
});

describe('the export task', () => {
  const merchantId = 'm1';
  const sale = (serial: string, i: number): PosTransaction => ({
    transactionId: `${serial}-${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 10, 0, 0, i)).toISOString(),
    type: 2,
    line: 1,
    productCode: 'P01',
    priceTable: 1,
    value: 120,
    currency: 'EUR',
    mediaType: 2,
  });
  /** Two machines of 250 sales each, read 100 a page. */
  const sales = new Map(['S2', 'S1'].map((serial) => [serial, Array.from({ length: 250 }, (_, i) => sale(serial, i))]));

  /** One request in storage, moved only by its conditional transitions (as the repository does). */
  function store(): { repo: DataRequestRepository; request: () => StoredDataRequest } {
    let request: StoredDataRequest = {
      id: 'r1',
      merchantId,
      dataType: 'Transactions',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      status: 'Created',
      message: null,
      rows: null,
      size: null,
      creationDate: '2026-03-11T08:00:00.000Z',
      createdBy: 'a@example.test',
      completedAt: null,
      linkValidUntil: null,
      subscriptionId: null,
      attempts: 1,
      fileKey: null,
    };
    const at = (attempt: number) => request.status === 'Created' && request.attempts === attempt;
    const repo = {
      get: async () => request,
      complete: async (_m: string, _id: string, attempt: number, done: CompletedExport) =>
        at(attempt) && !!(request = { ...request, ...done, status: 'Completed' }),
      fail: async (_m: string, _id: string, attempt: number, message: string) => at(attempt) && !!(request = { ...request, status: 'Error', message }),
      retry: async () => ((request = { ...request, status: 'Created', message: null, attempts: request.attempts + 1 }), 'ok' as const),
    } as unknown as DataRequestRepository;
    return { repo, request: () => request };
  }

  /** A bucket whose uploads consume the stream; `failAfterChunks` makes one fail part-way, leaving no object. */
  function bucket(failAfterChunks?: number) {
    const objects = new Map<string, string>();
    let maxChunk = 0;
    const files: Pick<ExportFiles, 'upload' | 'remove'> = {
      async upload(key, body) {
        let text = '';
        let chunks = 0;
        for await (const chunk of body) {
          if (failAfterChunks !== undefined && ++chunks > failAfterChunks) throw new Error('the bucket refused the write');
          text += String(chunk);
          maxChunk = Math.max(maxChunk, String(chunk).length);
        }
        objects.set(key, text);
        return { size: Buffer.byteLength(text) };
      },
      remove: async (key) => void objects.delete(key),
    };
    return { files, objects, maxChunk: () => maxChunk };
  }

  const deps = (repo: DataRequestRepository, files: ExportDeps['exportFiles']): ExportDeps => ({
    merchants: { get: async () => ({ id: merchantId, timezone: 'Europe/Rome' }) as never },
    dataRequests: repo,
    exportSource: {
      machines: async () => [...sales.keys()].map((serial) => ({ serial, name: `Machine ${serial}` })),
      alarms: async function* () {},
      audits: async function* () {},
      auditTrail: async function* () {},
      async *transactions(_m, serial) {
        const rows = sales.get(serial)!;
        for (let i = 0; i < rows.length; i += 100) yield rows.slice(i, i + 100);
      },
    },
    alarms: { posNames: async () => new Map() },
    exportFiles: files,
    now: () => '2026-03-11T09:00:00.000Z',
  });

  it('fails part-way without leaving a file, and its retry writes every row once, machine by machine, to a new key', async () => {
    const { repo, request } = store();
    const broken = bucket(3);
    await expect(runExport(deps(repo, broken.files), { merchantId, requestId: 'r1', attempt: 1 })).rejects.toThrow(/refused/);
    await recordExportFailure(deps(repo, broken.files), { merchantId, requestId: 'r1', attempt: 1 });
    expect(request()).toMatchObject({ status: 'Error', message: TECHNICAL_FAILURE });
    expect(broken.objects.size).toBe(0);

    await repo.retry(request(), 5);
    const good = bucket();
    expect(await runExport(deps(repo, good.files), { merchantId, requestId: 'r1', attempt: 2 })).toEqual({
      rows: 500,
      size: expect.any(Number),
      completed: true,
    });
    expect([...good.objects.keys()]).toEqual([exportFileKey(merchantId, 'r1', 2)]);
    const [header, ...lines] = good.objects
      .get(exportFileKey(merchantId, 'r1', 2))!
      .split('\r\n')
      .filter(Boolean);
    expect(header).toBe(
      'serial,posName,transactionId,createdAt,type,line,productCode,priceTable,value,currency,mediaType,valueCharge,freeSale,errorSale,savedAt,product,originalTransactionId,mediaId,mediaSerial,mediaCredit,sourceType,sourceSerial,creditCardFileId,externalUserId,groupId',
    );
    const ids = lines.map((l) => l.split(',')[2]);
    expect(ids).toEqual([...sales.get('S1')!, ...sales.get('S2')!].map((t) => t.transactionId));
    expect(lines[0]).toBe(`S1,Machine S1,S1-0,2026-03-10T00:00:00.000Z,2,1,P01,1,120,EUR,2,,,${','.repeat(11)}`);
    // Streamed: a chunk is at most one page of rows, never the file.
    expect(good.maxChunk()).toBeLessThan(Buffer.byteLength(good.objects.get(exportFileKey(merchantId, 'r1', 2))!) / 4);
    expect(request()).toMatchObject({ status: 'Completed', rows: 500, attempts: 2, linkValidUntil: '2026-03-18T09:00:00.000Z' });
  });

  it('leaves a request that moved on alone, and drops the file of an attempt that no longer counts', async () => {
    const { repo, request } = store();
    const files = bucket();
    await repo.fail(merchantId, 'r1', 1, TECHNICAL_FAILURE);
    expect(await runExport(deps(repo, files.files), { merchantId, requestId: 'r1', attempt: 1 })).toEqual({ rows: 0, size: 0, completed: false });
    expect(files.objects.size).toBe(0);
    // A late RecordFailure of an attempt that completed takes nothing away.
    const done = store();
    await runExport(deps(done.repo, files.files), { merchantId, requestId: 'r1', attempt: 1 });
    await recordExportFailure(deps(done.repo, files.files), { merchantId, requestId: 'r1', attempt: 1 });
    expect(done.request().status).toBe('Completed');
    expect(files.objects.has(exportFileKey(merchantId, 'r1', 1))).toBe(true);
    expect(request().status).toBe('Error');
  });
});

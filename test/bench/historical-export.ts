/**
 * (i) of `npm run bench`: a historical data export of BENCH_EXPORT_ROWS transactions (default 1,000,000) of one
 * merchant, through the local state machine into s3rver.
 * - The stack runs in its own process; the rows are seeded through the ingestion's own history writer
 *   (historyOf + DynamoReportedHistory.putHistory: the SALE items exactly as ingestion stores them, by
 *   BatchWriteItem), spread over BENCH_EXPORT_MACHINES machines (default 100) and the 30 days before today.
 * - The raw walk: the SDK Query of every machine's SALE range for those days, all pages, counting rows.
 * - The export: one execution of the historical-data ASL run by the local runner (the same one the stack runs,
 *   Task states → the Lambda entries) in a process of its own (historical-export-run.ts), so its peak RSS is
 *   the export's.
 * Budgets: ≤ 90 s, peak RSS ≤ 256 MB, rows/s ≥ 0.5 × the raw walk's.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoricalExportInput } from '../../functions/core/shared/workflows';
import { REPO_ROOT } from './bundle';

export const HISTORICAL_EXPORT_BUDGET = { seconds: 90, peakRssMB: 256, shareOfRawWalk: 0.5 };

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MACHINES = Number(process.env.BENCH_EXPORT_MACHINES ?? 100);
const DAYS = 30;
const SALES_PER_MESSAGE = 25;
export const EXPORT_MERCHANT = 'bench-exports';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The request's days (the DAYS before today) and the instants the seeded sales fall between: a day inside
 * each end, so that every one is in the request's period whatever the merchant's time zone.
 */
export function seededRange(now = Date.now()) {
  const today = Date.parse(`${day(now)}T00:00:00Z`);
  return { startDate: day(today - DAYS * 86_400_000), endDate: day(today - 86_400_000), startMs: today - (DAYS - 1) * 86_400_000, endMs: today - 86_400_000 };
}

/**
 * `rows` sales over `serials`, written as ingestion writes them: sales messages of SALES_PER_MESSAGE
 * transactions, each turned into its history records by the ingestion use case and stored by its writer.
 */
export async function seedSales(doc: DynamoDBDocumentClient, tableName: string, merchantId: string, serials: readonly string[], rows: number): Promise<number> {
  const [{ historyOf }, { DynamoReportedHistory }] = await Promise.all([
    import('../../functions/core/ingestion/kinds'),
    import('../../functions/adapters/dynamodb/reported-history'),
  ]);
  const writer = new DynamoReportedHistory(doc, tableName);
  const { startMs, endMs } = seededRange();
  const messages = Math.ceil(rows / SALES_PER_MESSAGE);
  const step = (endMs - startMs) / messages;
  let written = 0;
  const CHUNK = 200; // messages per putHistory call (5,000 items; the writer sends 8 BatchWriteItems at once)
  for (let first = 0; first < messages; first += CHUNK) {
    const records = [];
    for (let i = first; i < Math.min(messages, first + CHUNK); i++) {
      const serial = serials[i % serials.length]!;
      const at = startMs + Math.floor(i * step);
      const sentAt = new Date(at + 60_000).toISOString();
      const count = Math.min(SALES_PER_MESSAGE, rows - i * SALES_PER_MESSAGE);
      const transactions = Array.from({ length: count }, (_, n) => ({
        id: `T${String(i).padStart(7, '0')}${String(n).padStart(2, '0')}`,
        type: 2,
        line: 1 + (n % 40),
        productCode: `P${String(n % 60).padStart(3, '0')}`,
        priceTable: 1,
        value: 50 + ((i + n) % 30) * 10,
        currency: 'EUR',
        mediaType: n % 3 === 0 ? 2 : 252,
        createdAt: new Date(at + n * 1_000).toISOString(),
        ...(n % 50 === 7 ? { errorSale: true } : {}),
      }));
      const message = { messageId: `bench-sale-${i}`, serial, sentAt, type: 'sales' as const, payload: { transactions } };
      records.push(
        ...historyOf({ kind: 'sales', message, topic: `vend/${serial}/sales`, receivedAt: at + 61_000, sentAt } as Parameters<typeof historyOf>[0], {
          merchantId,
          serial,
          groupId: null,
        }),
      );
    }
    await writer.putHistory(records);
    written += records.length;
  }
  return written;
}

/** The raw SDK walk: every machine's SALE items of the period (`from` inclusive, `to` exclusive), all pages, one machine after the other. */
export async function rawQueryWalk(
  doc: DynamoDBDocumentClient,
  tableName: string,
  merchantId: string,
  serials: readonly string[],
  period: { from: string; to: string },
) {
  const from = `SALE#${period.from}`;
  const to = `SALE#${period.to}`;
  const t0 = performance.now();
  let rows = 0;
  let queries = 0;
  for (const serial of serials) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', // `to` itself sorts before every SALE# key at `to`
          ExpressionAttributeValues: { ':pk': `MERCHANT#${merchantId}#POS#${serial}`, ':from': from, ':to': to },
          ExclusiveStartKey: start,
        }),
      );
      queries++;
      rows += page.Items?.length ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { rows, queries, seconds, rowsPerSecond: rows / seconds };
}

export interface ExportRun {
  outcome: { status: string; output?: unknown; error?: string; cause?: string };
  seconds: number;
  peakRssMB: number;
}

/** Runs one execution of the historical-data workflow in a process of its own (historical-export-run.ts). */
export async function runExport(env: Record<string, string>, input: HistoricalExportInput): Promise<ExportRun> {
  const { historicalDataAsl } = await import('../../infra/constructs/historical-data-workflow');
  const asl = JSON.stringify(historicalDataAsl());
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/historical-export-run.ts', JSON.stringify(input), asl], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: ExportRun | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) result = JSON.parse(line) as ExportRun;
    });
    child.once('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`the export process exited with ${code}`))));
  });
}

export interface HistoricalExportFigures {
  rows: number;
  machines: number;
  seedSeconds: number;
  seedRowsPerSecond: number;
  rawWalk: { rows: number; queries: number; seconds: number; rowsPerSecond: number };
  export: { status: string; rows: number; size: number; objectBytes: number; seconds: number; rowsPerSecond: number; peakRssMB: number };
  shareOfRawWalk: number;
  /** 1-minute load average when the export ended (the machine is shared: absolute times depend on it). */
  loadAverage: number;
  verdicts: { seconds: 'PASS' | 'FAIL'; peakRss: 'PASS' | 'FAIL'; rate: 'PASS' | 'FAIL'; rows: 'PASS' | 'FAIL' };
}

export async function benchHistoricalExport(): Promise<HistoricalExportFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [
    { startStackProcess, depsForStack, stackEnvironment },
    { registerMachines, loadSerials },
    { benchMerchant },
    { makeRequest },
    { periodOf, exportFileKey },
    { DynamoDataRequestRepository },
    { localS3ClientConfig },
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../infra/local/simulator'),
    import('./measure'),
    import('../../functions/core/historical-data/requests'),
    import('../../functions/core/historical-data/model'),
    import('../../functions/adapters/dynamodb/historical-data-repository'),
    import('../../infra/local/emulators/s3'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    for (const url of [info.dynamodb, info.s3]) {
      const host = new URL(url).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`bench refuses a non-local endpoint: ${url}`);
    }
    const deps = depsForStack(info);
    const now = new Date().toISOString();
    const merchant = benchMerchant(EXPORT_MERCHANT, 'Bench Exports', now);
    await deps.merchants.create(merchant);
    const serials = loadSerials(MACHINES, 'CENG', 93_000_001);
    await registerMachines(info, EXPORT_MERCHANT, serials);

    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    const t0 = performance.now();
    const seeded = await seedSales(raw, info.tableName, EXPORT_MERCHANT, serials, ROWS);
    const seedSeconds = (performance.now() - t0) / 1000;

    // The request, made by the use case as the API makes it; its execution is handed to the export process.
    const { startDate, endDate } = seededRange();
    let input: HistoricalExportInput | undefined;
    const request = await makeRequest(
      {
        dataRequests: new DynamoDataRequestRepository(raw, info.tableName),
        workflows: { start: async (_workflow, started) => void (input = started as HistoricalExportInput) },
        now: () => new Date().toISOString(),
      },
      merchant,
      { startDate, endDate, dataType: 'Transactions', createdBy: 'bench', subscriptionId: null },
    );
    if (!input) throw new Error('the request started no export');

    const rawWalk = await rawQueryWalk(raw, info.tableName, EXPORT_MERCHANT, serials, periodOf(request, merchant.timezone));
    const run = await runExport(stackEnvironment(info), input);
    if (run.outcome.status !== 'SUCCEEDED') throw new Error(`the export ended ${run.outcome.status}: ${run.outcome.error} ${run.outcome.cause}`);
    const output = run.outcome.output as { rows: number; size: number };
    const head = await new S3Client(localS3ClientConfig(info.s3)).send(
      new HeadObjectCommand({ Bucket: info.buckets.exports, Key: exportFileKey(EXPORT_MERCHANT, request.id, input.attempt) }),
    );
    raw.destroy();

    const rowsPerSecond = output.rows / run.seconds;
    const shareOfRawWalk = rowsPerSecond / rawWalk.rowsPerSecond;
    const pass = (ok: boolean) => (ok ? ('PASS' as const) : ('FAIL' as const));
    return {
      rows: seeded,
      machines: MACHINES,
      seedSeconds,
      seedRowsPerSecond: seeded / seedSeconds,
      rawWalk,
      export: {
        status: run.outcome.status,
        rows: output.rows,
        size: output.size,
        objectBytes: head.ContentLength ?? 0,
        seconds: run.seconds,
        rowsPerSecond,
        peakRssMB: run.peakRssMB,
      },
      shareOfRawWalk,
      loadAverage: loadavg()[0]!,
      verdicts: {
        seconds: pass(run.seconds <= HISTORICAL_EXPORT_BUDGET.seconds),
        peakRss: pass(run.peakRssMB <= HISTORICAL_EXPORT_BUDGET.peakRssMB),
        rate: pass(shareOfRawWalk >= HISTORICAL_EXPORT_BUDGET.shareOfRawWalk),
        rows: pass(output.rows === seeded && rawWalk.rows === seeded && head.ContentLength === output.size),
      },
    };
  } finally {
    await stack.stop();
  }
}

/**
 * (k) of `npm run bench`: transactions (issue 20 budgets). BENCH_TRANSACTIONS (1,000,000) transactions of one merchant
 * over the last 365 days, spread over BENCH_TX_MACHINES (200) machines, seeded straight through BatchWriteItem with the
 * items and index attributes ingestion writes (transaction-records.ts), and the merchant's day counters (T5) they add up to.
 * - GET /transactions page 2 with page 1's cursor, a date range (7 days; more with fewer rows) and one machine (I3): the transactions handler
 *   invoked with the API Gateway event against the raw SDK Query of the same page — budget p95 ≤ 1.5×; DynamoDB calls
 *   per page printed (one Query: the total travels in the cursor). The same page merchant-wide (month partitions of
 *   gsi1, read in order until the page is full) against the raw Queries of the same rows (gsi1, its month partition
 *   from page 1's last row) — budget p95 ≤ 1.5×.
 * - GET /transactions/stats for 365 days by day: ≤ 2 Queries (calls counted), p95 ≤ 1.5× the raw Queries of the same
 *   counter items.
 * - GET /transactions/csv at its cap (MAX_TRANSACTION_CSV_ROWS, 100,000 rows gzipped as they are read; fewer when fewer are seeded): peak RSS of the
 *   process running the handler — budget ≤ 256 MB.
 * Runs alone with `tsx test/bench/transactions.ts`.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT } from './bundle';
import { groupHandler, invoker } from './invoke';
import { benchMerchant, dynamoCallsPer, interleave, localSuperAdminAuthorization } from './measure';

const ROWS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const MACHINES = Number(process.env.BENCH_TX_MACHINES ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SIZE = 20;
const WRITE_CONCURRENCY = 8;
const DAY = 86_400_000;
export const TRANSACTIONS_BUDGET = { p95Ratio: 1.5, statsQueries: 2, csvPeakRssMb: 256 };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
type Calls = { perRequest: number; byOperation: Record<string, number> };
type Stat = { name: string; n: number; p50: number; p95: number };

export interface TransactionFigures {
  rows: number;
  machines: number;
  seedSeconds: number;
  page: {
    rangeDays: number;
    series: Record<string, Stat>;
    p95Ratio: number;
    verdict: 'PASS' | 'FAIL';
    calls: Calls;
    merchantP95Ratio: number;
    merchantVerdict: 'PASS' | 'FAIL';
    merchantCalls: Calls;
    samePage: boolean;
    timedOut: boolean;
    /** 1-minute load average when the series ended (the machine is shared). */
    loadAverage: number;
  };
  stats: { series: Record<string, Stat>; p95Ratio: number; queries: number; verdict: 'PASS' | 'FAIL'; calls: Calls };
  csv: { rows: number; bytes: number; answerBytes: number; peakRssMb: number; verdict: 'PASS' | 'FAIL' };
}

/** GET /transactions/csv in a process of its own (transactions-csv-run.ts): its rows, bytes and peak RSS. */
function runCsv(
  info: unknown,
  query: Record<string, string>,
  authorization: string,
): Promise<{ rows: number; answerBytes: number; csvBytes: number; peakRssMB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/bench/transactions-csv-run.ts', JSON.stringify(info), JSON.stringify(query), authorization],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let result: { rows: number; answerBytes: number; csvBytes: number; peakRssMB: number } | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) result = JSON.parse(line) as typeof result;
    });
    child.once('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`the CSV process exited with ${code}`))));
  });
}

export async function benchTransactions(): Promise<TransactionFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [
    { startStackProcess, depsForStack },
    keys,
    records,
    { dayIn },
    { STAT_CATEGORIES, transactionCategory, MAX_TRANSACTION_CSV_ROWS },
    { DynamoTransactionRepository: TransactionRepository },
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/adapters/dynamodb/transaction-records'),
    import('../../functions/core/shared/zoned-time'),
    import('#schemas/transaction-constants'),
    import('../../functions/adapters/dynamodb/transaction-repository'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(info);
    const merchantId = 'bench-transactions';
    const timezone = 'Europe/Rome';
    const end = Date.now();
    await deps.merchants.create({ ...benchMerchant(merchantId, 'Bench Transactions', new Date(end).toISOString()), timezone });
    const serialOf = (i: number) => `CENG-${String(i + 1).padStart(8, '0')}`;
    const step = (365 * DAY) / ROWS;
    const types = [2, 3, 3, 1, 4, 5, 2, 3] as const;
    const days = new Map<string, Record<string, number>>();
    const itemOf = (n: number) => {
      const createdAt = new Date(end - 365 * DAY + Math.floor(n * step)).toISOString();
      const serial = serialOf(n % MACHINES);
      const t = { type: types[n % types.length]!, value: 80 + (n % 5) * 10, freeSale: n % 97 === 0, errorSale: n % 89 === 0 };
      const ref = `bench${String(Math.floor(n / 1000)).padStart(6, '0')}#${String(n % 1000).padStart(3, '0')}`;
      const day = dayIn(timezone, createdAt);
      const figures = days.get(day) ?? {};
      const c = transactionCategory(t);
      figures[`${c}N`] = (figures[`${c}N`] ?? 0) + 1;
      figures[`${c}V`] = (figures[`${c}V`] ?? 0) + (c === 'other' ? 0 : t.value);
      days.set(day, figures);
      return {
        ...keys.posSale(merchantId, serial, createdAt, ref.split('#')[0]!, n % 1000),
        ...records.saleIndexAttributes(merchantId, { createdAt, serial, groupId: null }, ref),
        entity: 'SALE',
        merchantId,
        serial,
        posName: `Machine ${serial}`,
        transactionId: `T${n}`,
        ...t,
        line: 1 + (n % 30),
        productCode: `P${n % 30}`,
        priceTable: 1,
        currency: 'EUR',
        mediaType: t.type === 2 ? 252 : 2,
        createdAt,
        savedAt: createdAt,
        at: createdAt,
        messageId: ref.split('#')[0],
      };
    };

    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const put = async (items: Array<Record<string, unknown>>) => {
      let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.map((Item) => ({ PutRequest: { Item } })) };
      while (request && (request[info.tableName]?.length ?? 0) > 0)
        request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
    };
    const t0 = performance.now();
    let next = 0;
    const writer = async () => {
      for (;;) {
        const start = next;
        next += 25;
        if (start >= ROWS) return;
        await put(Array.from({ length: Math.min(25, ROWS - start) }, (_, j) => itemOf(start + j)));
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
    const dayItems = [...days.entries()].map(([day, figures]) => ({
      ...keys.salesStatsDay(keys.merchantSalesStatsPk(merchantId, day.slice(0, 4)), day),
      merchantId,
      day,
      ...figures,
    }));
    for (let i = 0; i < dayItems.length; i += 25) await put(dayItems.slice(i, i + 25));
    const seedSeconds = (performance.now() - t0) / 1000;

    const handler = await groupHandler('transactions', info);
    // (1) One machine, a date range of 7 days (longer when fewer rows are seeded: three pages of the machine's sales at
    // least): page 2 with page 1's cursor, and the raw Query of the same page (I3).
    const serial = serialOf(7);
    const rangeDays = Math.min(300, Math.max(7, Math.ceil((3 * SIZE * MACHINES * 365) / ROWS)));
    const to = new Date(end - 30 * DAY).toISOString();
    const from = new Date(end - (30 + rangeDays) * DAY).toISOString();
    const q = { merchantId, serials: serial, from, to, size: String(SIZE) };
    const page1 = await invoker(handler, 'GET', '/transactions', q, authorization)<{ cursor?: string; items: Array<{ transactionId: string }> }>();
    if (!page1.cursor) throw new Error('page 1 gave no cursor');
    const invokePage = invoker(handler, 'GET', '/transactions', { ...q, page: '2', cursor: page1.cursor }, authorization);
    const base = {
      TableName: info.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.posPk(merchantId, serial), ':from': `SALE#${from}`, ':to': `SALE#${to}` },
      ScanIndexForward: false,
    };
    const first = await raw.send(new QueryCommand({ ...base, Limit: SIZE }));
    const last = first.Items!.at(-1)!;
    const rawPage = () => raw.send(new QueryCommand({ ...base, Limit: SIZE + 1, ExclusiveStartKey: { pk: last.pk, sk: last.sk } }));
    const handlerPage = await invokePage<{ items: Array<{ transactionId: string }> }>();
    const samePage =
      JSON.stringify(handlerPage.items.map((r) => r.transactionId)) ===
      JSON.stringify(((await rawPage()).Items ?? []).slice(0, SIZE).map((i) => i.transactionId));
    if (!samePage) throw new Error('the raw Query and the handler do not return the same page');
    const merchantQ = { merchantId, from, to, size: String(SIZE) };
    const merchantPage1 = await invoker(handler, 'GET', '/transactions', merchantQ, authorization)<{ cursor?: string }>();
    const invokeMerchantPage = invoker(handler, 'GET', '/transactions', { ...merchantQ, page: '2', cursor: merchantPage1.cursor! }, authorization);
    // The raw Queries of the same rows: gsi1 from page 1's last row on, month after month until the page is full.
    const rawMerchantRows = async (after: Record<string, unknown> | undefined, limit: number) => {
      const rows: Array<Record<string, unknown>> = [];
      let start = after && { pk: after.pk, sk: after.sk, gsi1pk: after.gsi1pk, gsi1sk: after.gsi1sk };
      for (let month = String(after?.gsi1sk ?? to).slice(0, 7); rows.length < limit && month >= from.slice(0, 7);) {
        const res = await raw.send(
          new QueryCommand({
            TableName: info.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': keys.merchantSalesPk(merchantId, month), ':from': from, ':to': to },
            ScanIndexForward: false,
            Limit: limit - rows.length,
            ExclusiveStartKey: start,
          }),
        );
        rows.push(...(res.Items ?? []));
        start = undefined;
        const d = new Date(`${month}-01T00:00:00.000Z`);
        d.setUTCMonth(d.getUTCMonth() - 1);
        month = d.toISOString().slice(0, 7);
      }
      return rows;
    };
    const merchantLast = (await rawMerchantRows(undefined, SIZE)).at(-1)!;
    const rawMerchantPage = () => rawMerchantRows(merchantLast, SIZE + 1);
    const sameMerchantPage =
      JSON.stringify((await invokeMerchantPage<{ items: Array<{ transactionId: string }> }>()).items.map((r) => r.transactionId)) ===
      JSON.stringify((await rawMerchantPage()).slice(0, SIZE).map((i) => i.transactionId));
    if (!sameMerchantPage) throw new Error('the raw Queries and the handler do not return the same merchant-wide page');

    // (2) Statistics of 365 days by day, and the raw Queries of the same counter items (one per year partition).
    const toDay = dayIn(timezone, new Date(end).toISOString());
    const fromDay = dayIn(timezone, new Date(end - 364 * DAY).toISOString());
    const invokeStats = invoker(handler, 'GET', '/transactions/stats', { merchantId, from: fromDay, to: toDay, period: 'day' }, authorization);
    const years = [...new Set([fromDay.slice(0, 4), toDay.slice(0, 4)])];
    const rawStats = () =>
      Promise.all(
        years.map((y) =>
          raw.send(
            new QueryCommand({
              TableName: info.tableName,
              KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':pk': keys.merchantSalesStatsPk(merchantId, y), ':from': `DAY#${fromDay}`, ':to': `DAY#${toDay}` },
            }),
          ),
        ),
      );
    const stats = await invokeStats<{ totals: Record<string, { count: number }> }>();
    const counted = STAT_CATEGORIES.reduce((n, c) => n + stats.totals[c]!.count, 0);
    if (counted > ROWS || counted < ROWS * 0.99) throw new Error(`the statistics count ${counted} of ${ROWS} transactions`);

    const series = {
      raw: { name: `raw SDK Query (I3, ${rangeDays} days, Limit ${SIZE + 1})`, ms: [] as number[] },
      handlerInvoke: { name: `handler invoked: GET /transactions?serials=…&from&to&page=2&cursor=…`, ms: [] as number[] },
      rawMerchant: { name: 'raw SDK Query of the same rows merchant-wide (gsi1, month partitions in order)', ms: [] as number[] },
      merchantWide: { name: 'handler invoked: the same page merchant-wide (gsi1 month partitions)', ms: [] as number[] },
      rawStats: { name: `raw SDK Queries of 365 day counters (${years.length} year partitions)`, ms: [] as number[] },
      handlerStats: { name: 'handler invoked: GET /transactions/stats of 365 days by day', ms: [] as number[] },
    };
    const { timedOut } = await interleave(
      series,
      { raw: rawPage, handlerInvoke: invokePage, rawMerchant: rawMerchantPage, merchantWide: invokeMerchantPage, rawStats, handlerStats: invokeStats },
      { requests: REQUESTS, batch: 25, warmup: 20, deadlineMs: 240_000 },
    );
    const pageCalls = await dynamoCallsPer(info, invokePage, 20);
    const merchantCalls = await dynamoCallsPer(info, invokeMerchantPage, 20);
    const statsCalls = await dynamoCallsPer(info, invokeStats, 10);
    // The stack's own sweeps Query meanwhile: the Queries of the statistics are counted on a client of their own.
    let statsQueries = 0;
    const counting = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    counting.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand') statsQueries++;
        return next(args);
      },
      { step: 'initialize' },
    );
    await new TransactionRepository(counting, info.tableName).dayFigures(merchantId, undefined, fromDay, toDay);
    counting.destroy();

    // (3) The CSV at its cap, answered in a process of its own (as a Lambda would): its peak RSS.
    const csvFrom = new Date(end - 365 * DAY).toISOString();
    const csvTo = new Date(end - 365 * DAY + Math.floor(Math.min(ROWS, MAX_TRANSACTION_CSV_ROWS) * step)).toISOString();
    const csvRun = await runCsv(info, { merchantId, from: csvFrom, to: csvTo }, authorization);
    raw.destroy();
    deps.doc.destroy();

    const stat = (s: { name: string; ms: number[] }): Stat => ({
      name: s.name,
      n: s.ms.length,
      p50: round(percentile(s.ms, 50)),
      p95: round(percentile(s.ms, 95)),
    });
    const st = Object.fromEntries(Object.entries(series).map(([k, s]) => [k, stat(s)])) as Record<keyof typeof series, Stat>;
    const loadAverage = loadavg()[0]!;
    const pageRatio = st.handlerInvoke.p95 / st.raw.p95;
    const merchantRatio = st.merchantWide.p95 / st.rawMerchant.p95;
    const statsRatio = st.handlerStats.p95 / st.rawStats.p95;
    const queries = statsQueries;
    const peakRssMb = round(csvRun.peakRssMB, 1);
    return {
      rows: ROWS,
      machines: MACHINES,
      seedSeconds: round(seedSeconds, 1),
      page: {
        rangeDays,
        series: { raw: st.raw, handlerInvoke: st.handlerInvoke, rawMerchant: st.rawMerchant, merchantWide: st.merchantWide },
        p95Ratio: round(pageRatio, 3),
        verdict: pageRatio <= TRANSACTIONS_BUDGET.p95Ratio ? 'PASS' : 'FAIL',
        calls: pageCalls,
        merchantP95Ratio: round(merchantRatio, 3),
        merchantVerdict: merchantRatio <= TRANSACTIONS_BUDGET.p95Ratio ? 'PASS' : 'FAIL',
        loadAverage: round(loadAverage, 1),
        merchantCalls,
        samePage,
        timedOut,
      },
      stats: {
        series: { rawStats: st.rawStats, handlerStats: st.handlerStats },
        p95Ratio: round(statsRatio, 3),
        queries,
        verdict: statsRatio <= TRANSACTIONS_BUDGET.p95Ratio && queries <= TRANSACTIONS_BUDGET.statsQueries ? 'PASS' : 'FAIL',
        calls: statsCalls,
      },
      csv: {
        rows: csvRun.rows,
        bytes: csvRun.csvBytes,
        answerBytes: csvRun.answerBytes,
        peakRssMb,
        verdict: peakRssMb <= TRANSACTIONS_BUDGET.csvPeakRssMb ? 'PASS' : 'FAIL',
      },
    };
  } finally {
    await stack.stop();
  }
}

export function printTransactions(f: TransactionFigures, table: (headers: string[], rows: Array<Array<string | number>>) => string): void {
  const callsText = (c: Calls) =>
    `${c.perRequest.toFixed(2)} (${Object.entries(c.byOperation)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')})`;
  console.log(
    `   ${f.rows} transactions of ${f.machines} machines over 365 days seeded in ${f.seedSeconds} s; same page from both: ${f.page.samePage}${f.page.timedOut ? '; STOPPED AT THE TIME LIMIT' : ''}\n`,
  );
  const p = f.page.series;
  const s = f.stats.series;
  const row = (x: Stat, ratio: string, budget: string) => [x.name, x.n, x.p50.toFixed(2), x.p95.toFixed(2), ratio, budget];
  console.log(
    table(
      ['series', 'n', 'p50 ms', 'p95 ms', 'p95 ratio', 'budget'],
      [
        row(p.raw!, '1.00', ''),
        row(p.handlerInvoke!, f.page.p95Ratio.toFixed(2), `${f.page.verdict} (≤ ${TRANSACTIONS_BUDGET.p95Ratio})`),
        row(p.rawMerchant!, '1.00', ''),
        row(p.merchantWide!, f.page.merchantP95Ratio.toFixed(2), `${f.page.merchantVerdict} (≤ ${TRANSACTIONS_BUDGET.p95Ratio})`),
        row(s.rawStats!, '1.00', ''),
        row(
          s.handlerStats!,
          f.stats.p95Ratio.toFixed(2),
          `${f.stats.verdict} (≤ ${TRANSACTIONS_BUDGET.p95Ratio}, ≤ ${TRANSACTIONS_BUDGET.statsQueries} Queries)`,
        ),
      ],
    ),
  );
  console.log(`   load average ${f.page.loadAverage} when the series ended`);
  console.log(`   DynamoDB calls per page (one machine, ${f.page.rangeDays} days): ${callsText(f.page.calls)}`);
  console.log(`   DynamoDB calls per page (merchant-wide, ${f.page.rangeDays} days): ${callsText(f.page.merchantCalls)}`);
  console.log(
    `   DynamoDB calls per statistics of 365 days: ${callsText(f.stats.calls)} (with the stack's sweeps); the repository's own: ${f.stats.queries} Queries`,
  );
  console.log(
    `   CSV of ${f.csv.rows} rows (${(f.csv.bytes / 1024 / 1024).toFixed(1)} MB, answered as ${(f.csv.answerBytes / 1024 / 1024).toFixed(1)} MB of base64 gzip): peak RSS ${f.csv.peakRssMb} MB of the process that runs the handler — ${f.csv.verdict} (≤ ${TRANSACTIONS_BUDGET.csvPeakRssMb} MB)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchTransactions();
  printTransactions(f, (headers, rows) => [headers, ...rows].map((r) => r.join(' | ')).join('\n'));
  process.exit(0);
}

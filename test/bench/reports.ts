/**
 * Bench (p): reports (issue 31 budgets).
 * - A products report of 365 days of a 20,000-machine merchant: its figures are counters (ACCESS-PATTERNS R1), so what
 *   it reads depends on products, price tables, groups and shards, not on machines or sales: a year of counter items
 *   is seeded (BENCH_REPORT_PRODUCTS products, 2 price tables, 2 groups, every shard; BENCH_REPORT_REQUESTS requests). Prints the DynamoDB calls of one
 *   report (no transaction read) and its p95 against the raw Queries of the same counter items.
 * - A 10,000-row PDF (BENCH_REPORT_ROWS) in a process of its own: peak RSS, rows per second beside the same rows as CSV.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiEvent, groupHandler, type GroupHandler } from './invoke';
import { benchMerchant, interleave, localSuperAdminAuthorization } from './measure';

const MACHINES = 20_000;
const PRODUCTS = Number(process.env.BENCH_REPORT_PRODUCTS ?? 20);
const PRICE_TABLES = 2;
const GROUPS = 2;
const SHARDS = 8;
const PDF_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 20);
export const REPORTS_BUDGET = { calls: 30, p95Ratio: 1.5, pdfPeakRssMb: 256 };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))]!;
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface ReportsFigures {
  products: {
    items: number;
    months: number;
    calls: { total: number; byOperation: Record<string, number> };
    p95: { handler: number; raw: number };
    p95Ratio: number;
  };
  pdf: { rows: number; pdfRowsPerSecond: number; csvRowsPerSecond: number; pdfBytes: number; peakRssMb: number };
  loadAverage: number;
  verdict: 'PASS' | 'FAIL';
}

export async function benchReports(): Promise<ReportsFigures> {
  process.env.LOG_LEVEL = 'silent';
  const [
    { startStackProcess, depsForStack },
    keys,
    { addDays, dayIn },
    { buildReport },
    { DynamoReportSource },
    { DynamoMerchantRepository },
    { monthsOfDays },
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/core/shared/zoned-time'),
    import('../../functions/core/reports/use-cases'),
    import('../../functions/adapters/dynamodb/report-source'),
    import('../../functions/adapters/dynamodb/merchant-repository'),
    import('../../functions/core/reports/figures'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(info);
    const merchantId = 'bench-reports';
    const timezone = 'Europe/Rome';
    const now = new Date().toISOString();
    await deps.merchants.create({ ...benchMerchant(merchantId, 'Bench Reports', now), timezone });
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    const to = dayIn(timezone, now);
    const from = addDays(to, -364);
    const months = monthsOfDays(from, to);
    const items: Array<Record<string, unknown>> = [];
    for (const month of months)
      for (let p = 0; p < PRODUCTS; p++)
        for (let t = 1; t <= PRICE_TABLES; t++)
          for (let g = 0; g < GROUPS; g++)
            for (let s = 0; s < SHARDS; s++) {
              const days = Object.fromEntries(
                Array.from({ length: 28 }, (_, d) => String(d + 1).padStart(2, '0')).flatMap((dd) => [
                  [`n${dd}`, 40],
                  [`v${dd}`, 4_800],
                  [`f${dd}`, 1],
                ]),
              );
              items.push({
                ...keys.productSalesStats(merchantId, month, `P${p}`, t, `g${g}`, s),
                merchantId,
                productCode: `P${p}`,
                priceTable: t,
                groupId: `g${g}`,
                product: `Product ${p}`,
                ...days,
              });
            }
    for (let i = 0; i < items.length; i += 25) {
      let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
      while (request && (request[info.tableName]?.length ?? 0) > 0)
        request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
    }

    // One report's own DynamoDB calls, on a client of its own.
    const byOperation: Record<string, number> = {};
    const counting = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    counting.middlewareStack.add(
      (next, context) => async (args) => {
        byOperation[context.commandName ?? '?'] = (byOperation[context.commandName ?? '?'] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize' },
    );
    await buildReport(
      {
        merchants: new DynamoMerchantRepository(counting, info.tableName),
        source: new DynamoReportSource(counting, info.tableName),
        now: () => new Date().toISOString(),
      },
      { merchantId, groups: undefined },
      'products',
      { merchantId, from, to },
    );
    counting.destroy();
    const total = Object.values(byOperation).reduce((a, b) => a + b, 0);

    // p95 of the handler against the raw Queries of the same counter items (one per month, pages followed), side by side.
    const handler = await groupHandler('reports', info);
    // The route has a path parameter: API Gateway names the route's template in routeKey and passes the parameter.
    const event = {
      ...apiEvent('GET', '/report/products', { merchantId, from, to }, authorization),
      routeKey: 'GET /api/v1/report/{type}',
      pathParameters: { type: 'products' },
    };
    const invoke = async () => {
      const res = await (handler as GroupHandler)(event as never, {} as never);
      if (res.statusCode !== 200) throw new Error(`GET /report/products answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    };
    const rawReads = () =>
      Promise.all(
        months.map(async (month) => {
          let start: Record<string, unknown> | undefined;
          do {
            const res = await raw.send(
              new QueryCommand({
                TableName: info.tableName,
                KeyConditionExpression: 'pk = :pk',
                ExpressionAttributeValues: { ':pk': keys.productSalesStatsPk(merchantId, month) },
                ExclusiveStartKey: start,
              }),
            );
            start = res.LastEvaluatedKey;
          } while (start);
        }),
      );
    const series = { raw: { name: 'raw Queries of the counter items', ms: [] as number[] }, handler: { name: 'GET /report/products', ms: [] as number[] } };
    await interleave(series, { raw: rawReads, handler: invoke }, { requests: REQUESTS, batch: 5, warmup: 5, deadlineMs: 180_000 });
    raw.destroy();
    deps.doc.destroy();
    const p95 = { handler: round(percentile(series.handler.ms, 95)), raw: round(percentile(series.raw.ms, 95)) };
    const ratio = p95.handler / p95.raw;

    // The document process.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/bench/report-pdf-run.ts', String(PDF_ROWS)], {
      maxBuffer: 1 << 20,
    });
    const doc = JSON.parse(stdout.trim().split('\n').at(-1)!) as { rows: number; pdfBytes: number; pdfSeconds: number; csvSeconds: number; peakRssMB: number };
    const pdf = {
      rows: doc.rows,
      pdfRowsPerSecond: Math.round(doc.rows / doc.pdfSeconds),
      csvRowsPerSecond: Math.round(doc.rows / doc.csvSeconds),
      pdfBytes: doc.pdfBytes,
      peakRssMb: round(doc.peakRssMB, 1),
    };
    return {
      products: { items: items.length, months: months.length, calls: { total, byOperation }, p95, p95Ratio: round(ratio, 3) },
      pdf,
      loadAverage: round(loadavg()[0]!, 1),
      verdict: total <= REPORTS_BUDGET.calls && ratio <= REPORTS_BUDGET.p95Ratio && pdf.peakRssMb <= REPORTS_BUDGET.pdfPeakRssMb ? 'PASS' : 'FAIL',
    };
  } finally {
    await stack.stop();
  }
}

export function printReports(f: ReportsFigures): void {
  const ops = Object.entries(f.products.calls.byOperation)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `  Products report of 365 days (${MACHINES.toLocaleString('en')}-machine merchant; ${f.products.items.toLocaleString('en')} counter items in ${f.products.months} months): DynamoDB calls ${f.products.calls.total} (${ops}), no transaction read; budget ≤ ${REPORTS_BUDGET.calls}`,
  );
  console.log(
    `  p95: GET /report/products ${f.products.p95.handler} ms, raw Queries of the same counters ${f.products.p95.raw} ms: ${f.products.p95Ratio}× (budget ≤ ${REPORTS_BUDGET.p95Ratio}×, load ${f.loadAverage})`,
  );
  console.log(
    `  ${f.pdf.rows.toLocaleString('en')}-row PDF: ${f.pdf.pdfRowsPerSecond.toLocaleString('en')} rows/s (${(f.pdf.pdfBytes / 1e6).toFixed(1)} MB), the same rows as CSV ${f.pdf.csvRowsPerSecond.toLocaleString('en')} rows/s; peak RSS ${f.pdf.peakRssMb} MB (budget ≤ ${REPORTS_BUDGET.pdfPeakRssMb} MB): ${f.verdict}`,
  );
}

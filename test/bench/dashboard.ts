/**
 * Bench (o): the dashboard of a 20,000-machine merchant (issue 30). Its figures come from counters, so what it reads
 * does not depend on the fleet: a year of sharded statistics days and hours, the machine counters saying 20,000, and
 * the commands and alarm indexes. Prints the DynamoDB calls of one dashboard (counted on a client of its own) and
 * its p95 against the raw reads of the same counter items.
 */
import { loadavg } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { groupHandler, invoker } from './invoke';
import { benchMerchant, interleave, localSuperAdminAuthorization } from './measure';

const MACHINES = 20_000;
const DAYS = 365;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/** Calls one dashboard may make whatever the fleet (ACCESS-PATTERNS "Dashboard"), and its p95 against the raw counter reads. */
export const DASHBOARD_BUDGET = { calls: 40, p95Ratio: 1.5 };

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))]!;
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface DashboardFigures {
  machines: number;
  calls: { total: number; byOperation: Record<string, number> };
  p95: { handler: number; raw: number };
  p95Ratio: number;
  loadAverage: number;
  verdict: 'PASS' | 'FAIL';
}

export async function benchDashboard(): Promise<DashboardFigures> {
  process.env.LOG_LEVEL = 'silent';
  const [{ startStackProcess, depsForStack }, keys, { SALES_STATS_SHARDS }, { addDays, dayIn }, { getDashboard }, repos] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/adapters/dynamodb/transaction-records'),
    import('../../functions/core/shared/zoned-time'),
    import('../../functions/core/dashboard/use-cases'),
    Promise.all([
      import('../../functions/adapters/dynamodb/alarm-repository'),
      import('../../functions/adapters/dynamodb/machine-lists'),
      import('../../functions/adapters/dynamodb/merchant-repository'),
      import('../../functions/adapters/dynamodb/remote-command-repository'),
      import('../../functions/adapters/dynamodb/transaction-repository'),
    ]),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(info);
    const merchantId = 'bench-dashboard';
    const timezone = 'Europe/Rome';
    const now = new Date().toISOString();
    await deps.merchants.create({ ...benchMerchant(merchantId, 'Bench Dashboard', now), timezone });
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    const put = async (items: Array<Record<string, unknown>>) => {
      for (let i = 0; i < items.length; i += 25) {
        let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
        while (request && (request[info.tableName]?.length ?? 0) > 0)
          request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
      }
    };
    // A year of days in every shard, the hours of today and a week ago, and the machine counters of 20,000 machines.
    const today = dayIn(timezone, now);
    const items: Array<Record<string, unknown>> = [];
    for (let d = 0; d < DAYS; d++) {
      const day = addDays(today, -d);
      const pk = keys.merchantSalesStatsPk(merchantId, day.slice(0, 4));
      for (let s = 0; s < SALES_STATS_SHARDS; s++) {
        items.push({
          ...keys.salesStatsDay(pk, day, s),
          merchantId,
          day,
          cashN: 500,
          cashV: 60_000,
          cashlessN: 300,
          cashlessV: 45_000,
          mediaN: 200,
          mediaV: 24_000,
        });
        if (d === 0 || d === 7)
          items.push({
            ...keys.salesStatsHour(pk, day, s),
            merchantId,
            day,
            ...Object.fromEntries(Array.from({ length: 24 }, (_, h) => [`cashN${String(h).padStart(2, '0')}`, 20])),
          });
      }
    }
    items.push({
      ...keys.counter(keys.posCounterName(merchantId)),
      total: MACHINES,
      hidden: 120,
      online: 18_500,
      offline: 1_300,
      unknown: 200,
      ok: 19_000,
      warning: 700,
      critical: 300,
    });
    await put(items);

    // The dashboard's own DynamoDB calls, on a client of its own (the stack's sweeps run meanwhile).
    const byOperation: Record<string, number> = {};
    const counting = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    counting.middlewareStack.add(
      (next, context) => async (args) => {
        byOperation[context.commandName ?? '?'] = (byOperation[context.commandName ?? '?'] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize' },
    );
    const [{ DynamoAlarmRepository }, { DynamoPosLists }, { DynamoMerchantRepository }, { DynamoRemoteCommandRepository }, { DynamoTransactionRepository }] =
      repos;
    await getDashboard(
      {
        merchants: new DynamoMerchantRepository(counting, info.tableName),
        transactions: new DynamoTransactionRepository(counting, info.tableName),
        posLists: new DynamoPosLists(counting, info.tableName),
        commands: new DynamoRemoteCommandRepository(counting, info.tableName),
        alarms: new DynamoAlarmRepository(counting, info.tableName),
        now: () => new Date().toISOString(),
      },
      { userId: 'bench', email: 'bench@example.com', role: 'NEBULARSUPERADMIN', merchantIds: [], groupIds: [], allMerchants: true },
      { merchantId },
    );
    counting.destroy();
    const total = Object.values(byOperation).reduce((a, b) => a + b, 0);

    // p95 of the handler against the raw reads of the same counter items (merchant, days, two days' hours, machine counter), side by side.
    const handler = await groupHandler('dashboard', info);
    const invoke = invoker(handler, 'GET', '/dashboard', { merchantId }, authorization);
    const from = addDays(today, -45);
    const query = (pk: string, lo: string, hi: string) =>
      raw.send(
        new QueryCommand({
          TableName: info.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
          ExpressionAttributeValues: { ':pk': pk, ':lo': lo, ':hi': hi },
        }),
      );
    const rawReads = () =>
      Promise.all([
        raw.send(new GetCommand({ TableName: info.tableName, Key: keys.merchant(merchantId) })),
        ...[...new Set([from.slice(0, 4), today.slice(0, 4)])].map((y) => {
          const range = keys.salesStatsDays(from, today);
          return query(keys.merchantSalesStatsPk(merchantId, y), range.from, range.to);
        }),
        ...[today, addDays(today, -7)].map((d) => {
          const range = keys.salesStatsDays(d, d, 'HOUR');
          return query(keys.merchantSalesStatsPk(merchantId, d.slice(0, 4)), range.from, range.to);
        }),
        raw.send(new GetCommand({ TableName: info.tableName, Key: keys.counter(keys.posCounterName(merchantId)) })),
      ]);
    const series = { raw: { name: 'raw reads of the counter items', ms: [] as number[] }, handler: { name: 'GET /dashboard', ms: [] as number[] } };
    await interleave(series, { raw: rawReads, handler: invoke }, { requests: REQUESTS, batch: 25, warmup: 10, deadlineMs: 120_000 });
    raw.destroy();
    deps.doc.destroy();
    const p95 = { handler: round(percentile(series.handler.ms, 95)), raw: round(percentile(series.raw.ms, 95)) };
    const ratio = p95.handler / p95.raw;
    return {
      machines: MACHINES,
      calls: { total, byOperation },
      p95,
      p95Ratio: round(ratio, 3),
      loadAverage: round(loadavg()[0]!, 1),
      verdict: total <= DASHBOARD_BUDGET.calls && ratio <= DASHBOARD_BUDGET.p95Ratio ? 'PASS' : 'FAIL',
    };
  } finally {
    await stack.stop();
  }
}

export function printDashboard(f: DashboardFigures): void {
  const ops = Object.entries(f.calls.byOperation)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `  DynamoDB calls of one dashboard of a ${f.machines.toLocaleString('en')}-machine merchant: ${f.calls.total} (${ops}); budget ≤ ${DASHBOARD_BUDGET.calls}`,
  );
  console.log(
    `  p95: GET /dashboard ${f.p95.handler} ms, raw counter reads ${f.p95.raw} ms: ${f.p95Ratio}× (budget ≤ ${DASHBOARD_BUDGET.p95Ratio}×, load ${f.loadAverage}): ${f.verdict}`,
  );
}

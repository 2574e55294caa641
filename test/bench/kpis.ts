/**
 * Bench (p): KPI reads over 365 days against 31 days (issue 30 budget: at most 2× the DynamoDB calls). A merchant of
 * 20,000 machines with a year of KPI month items in every shard, a machine with a year of its own: the merchant's and
 * the machine's KPIs are read over both intervals on a client that counts its calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { benchMerchant } from './measure';

const MACHINES = 20_000;
/** A KPI read over 365 days costs at most this many times the calls of one over 31 days. */
export const KPIS_BUDGET = { callsRatio: 2 };

export interface KpiBenchFigures {
  machines: number;
  merchant: { calls31: number; calls365: number; ratio: number };
  machine: { calls31: number; calls365: number; ratio: number };
  verdict: 'PASS' | 'FAIL';
}

export async function benchKpis(): Promise<KpiBenchFigures> {
  process.env.LOG_LEVEL = 'silent';
  const [
    { startStackProcess, depsForStack },
    keys,
    { SALES_STATS_SHARDS },
    { KPI_COUNTERS },
    { merchantKpis, posKpis },
    { newPosRecord },
    { posItem, registryItem },
    repos,
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/adapters/dynamodb/transaction-records'),
    import('../../functions/core/kpis/counters'),
    import('../../functions/core/kpis/use-cases'),
    import('../../functions/core/devices/use-cases'),
    import('../../functions/adapters/dynamodb/machine-items'),
    Promise.all([
      import('../../functions/adapters/dynamodb/cash-reads'),
      import('../../functions/adapters/dynamodb/kpi-counters'),
      import('../../functions/adapters/dynamodb/machine-lists'),
      import('../../functions/adapters/dynamodb/machine-reads'),
      import('../../functions/adapters/dynamodb/merchant-repository'),
      import('../../functions/adapters/dynamodb/transaction-repository'),
    ]),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const deps = depsForStack(info);
    const merchantId = 'bench-kpis';
    const now = new Date();
    await deps.merchants.create({ ...benchMerchant(merchantId, 'Bench KPIs', now.toISOString()), timezone: 'Europe/Rome', features: ['NEBULAR_CASH'] });
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
    const put = async (items: Array<Record<string, unknown>>) => {
      for (let i = 0; i < items.length; i += 25) {
        let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
        while (request && (request[info.tableName]?.length ?? 0) > 0)
          request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
      }
    };
    // 13 months of KPI items: every shard of the merchant and the machine's own, every counter on every day; the machine counter.
    const serial = 'CENG-90000001';
    const counters = Object.fromEntries(
      Object.values(KPI_COUNTERS).flatMap((stem) => Array.from({ length: 31 }, (_, d) => [`${stem}${String(d + 1).padStart(2, '0')}`, 3])),
    );
    const items: Array<Record<string, unknown>> = [];
    for (let m = 0; m < 13; m++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1)).toISOString().slice(0, 7);
      for (let s = 0; s < SALES_STATS_SHARDS; s++) items.push({ ...keys.kpiStatsMonth(keys.kpiStatsPk(merchantId), month, s), ...counters });
      items.push({ ...keys.posKpiMonth(merchantId, serial, month), ...counters });
    }
    items.push({ ...keys.counter(keys.posCounterName(merchantId)), total: MACHINES });
    const record = newPosRecord({ serial, merchantId, name: 'Bench KPIs machine', now: new Date(now.getTime() - 400 * 86_400_000).toISOString() });
    items.push(posItem(record), registryItem(record));
    await put(items);

    const counted = () => {
      const calls = { n: 0 };
      const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }));
      doc.middlewareStack.add(
        (next) => async (args) => {
          calls.n++;
          return next(args);
        },
        { step: 'initialize' },
      );
      const [{ DynamoCashReads }, { DynamoKpiReads }, { DynamoPosLists }, { DynamoPosReader }, { DynamoMerchantRepository }, { DynamoTransactionRepository }] =
        repos;
      const kpiDeps = {
        merchants: new DynamoMerchantRepository(doc, info.tableName),
        pos: new DynamoPosReader(doc, info.tableName),
        posLists: new DynamoPosLists(doc, info.tableName),
        transactions: new DynamoTransactionRepository(doc, info.tableName),
        kpis: new DynamoKpiReads(doc, info.tableName),
        cash: new DynamoCashReads(doc, info.tableName),
        nowMs: Date.now,
      };
      return { calls, doc, kpiDeps };
    };
    const admin = { userId: 'bench', email: 'bench@example.com', role: 'NEBULARSUPERADMIN' as const, merchantIds: [], groupIds: [], allMerchants: true };
    const measure = async (read: (d: ReturnType<typeof counted>['kpiDeps'], days: number) => Promise<unknown>) => {
      const out: number[] = [];
      for (const days of [31, 365]) {
        const c = counted();
        await read(c.kpiDeps, days);
        out.push(c.calls.n);
        c.doc.destroy();
      }
      return { calls31: out[0]!, calls365: out[1]!, ratio: Math.round((out[1]! / out[0]!) * 100) / 100 };
    };
    const merchant = await measure((d, days) => merchantKpis(d, admin, { merchantId, days }));
    const machine = await measure((d, days) => posKpis(d, admin, serial, { days }));
    raw.destroy();
    deps.doc.destroy();
    return {
      machines: MACHINES,
      merchant,
      machine,
      verdict: merchant.ratio <= KPIS_BUDGET.callsRatio && machine.ratio <= KPIS_BUDGET.callsRatio ? 'PASS' : 'FAIL',
    };
  } finally {
    await stack.stop();
  }
}

export function printKpis(f: KpiBenchFigures): void {
  for (const [name, r] of [
    [`merchant of ${f.machines.toLocaleString('en')} machines (GET /kpis)`, f.merchant],
    ['one machine (GET /pos/{id}/kpis)', f.machine],
  ] as const)
    console.log(`  ${name}: ${r.calls31} DynamoDB calls over 31 days, ${r.calls365} over 365 days: ${r.ratio}× (budget ≤ ${KPIS_BUDGET.callsRatio}×)`);
  console.log(`  ${f.verdict}`);
}

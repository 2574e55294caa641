/**
 * (j) of `npm run bench`: stock (issue 19 budgets).
 * - Ingestion with stock managed: DynamoDB writes per sales message of one sold line, for a machine with stock
 *   management beside one without (bench (e)'s path, one message a batch): budget at most one more write per sold line;
 *   the one without reads no stock record (its registry item, read per batch anyway, says it has none).
 * - GET /stock/manage of a BENCH_STOCK_MACHINES-machine merchant (default 20,000, stock items written straight
 *   through BatchWriteItem with the repository's item builder): page 2 with page 1's cursor, the stock handler
 *   invoked with the API Gateway event against the raw SDK Query of the same page (gsi1, Limit 21): p95 ratio,
 *   budget ≤ 1.5×; DynamoDB calls per page (one Query; the total is a counter item, cached).
 * - GET /stock/pick-list for 500 chosen machines: DynamoDB calls per request (BatchGetItem of those machines'
 *   records, 100 a call, and of their products; no Scan, no Query) and p95.
 * Runs alone with `tsx test/bench/stock.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { groupHandler, invoker } from './invoke';
import { benchMerchant, dynamoCallsPer, interleave, localSuperAdminAuthorization } from './measure';

const MACHINES = Number(process.env.BENCH_STOCK_MACHINES ?? 20_000);
const PICK_LIST_MACHINES = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SIZE = 20;
const WRITE_CONCURRENCY = 8;
const CALL_COUNT_REQUESTS = 20;
export const STOCK_BUDGET = { p95Ratio: 1.5, extraWritesPerSoldLine: 1 };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
type Calls = { perRequest: number; byOperation: Record<string, number> };
const WRITE_OPERATIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'];
const writesOf = (c: Calls) => WRITE_OPERATIONS.reduce((n, op) => n + (c.byOperation[op] ?? 0), 0);

export interface StockFigures {
  machines: number;
  seedSeconds: number;
  writesPerSale: { withoutStock: Calls; withStock: Calls; extraWrites: number; verdict: 'PASS' | 'FAIL' };
  manage: {
    series: Record<string, { name: string; n: number; p50: number; p95: number }>;
    p95Ratio: number;
    verdict: 'PASS' | 'FAIL';
    calls: Calls;
    samePage: boolean;
    timedOut: boolean;
  };
  pickList: { machines: number; calls: Calls; p50: number; p95: number; products: number };
}

export async function benchStock(): Promise<StockFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [
    { startStackProcess, depsForStack, stackEnvironment },
    { newPosRecord },
    keys,
    { stockItem },
    model,
    { ingestBatch },
    { buildIngestionDeps },
    { loadIngestionConfig },
    sim,
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/core/devices/use-cases'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/adapters/dynamodb/stock-repository'),
    import('../../functions/core/stock/model'),
    import('../../functions/core/ingestion/kinds'),
    import('../../functions/triggers/ingestion-deps'),
    import('../../functions/triggers/ingestion-config'),
    import('../../infra/local/simulator'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(info);
    const merchantId = 'bench-stock';
    const now = new Date().toISOString();
    // Stock is a feature of the merchant (PRODUCTS_STOCK): without it the stock routes answer 403.
    await deps.merchants.create({ ...benchMerchant(merchantId, 'Bench Stock', now), features: ['PRODUCTS_STOCK'] });
    const planogram = {
      planogramType: 'B' as const,
      lines: Array.from({ length: 18 }, (_, i) => ({
        selection: `${Math.floor(i / 6) + 1}${(i % 6) + 1}`,
        productId: `bench-product-${i % 12}`,
        capacity: 12,
        warningLevel: 3,
        refillValue: 10,
      })),
    };
    const recordOf = (serial: string, i: number) => {
      const full = model.fullRefill(
        model.reconcile(undefined, { merchantId, serial, name: `Machine ${serial}`, groupId: null, clientId: null, planogramId: 'bench' }, planogram, now),
        now,
      );
      return model.setValues(
        full,
        planogram.lines.map((l, k) => ({ selection: l.selection, value: (i * 7 + k * 5) % 11 })),
        now,
      );
    };
    const serialOf = (i: number) => `CENG-${String(i + 1).padStart(8, '0')}`;

    // Seed: stock items through BatchWriteItem (25 a call), the counter once.
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const t0 = performance.now();
    let next = 0;
    const writer = async () => {
      for (;;) {
        const start = next;
        next += 25;
        if (start >= MACHINES) return;
        const items = Array.from({ length: Math.min(25, MACHINES - start) }, (_, j) => stockItem({ ...recordOf(serialOf(start + j), start + j), version: 1 }));
        let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.map((Item) => ({ PutRequest: { Item } })) };
        while (request && (request[info.tableName]?.length ?? 0) > 0)
          request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
    await raw.send(new PutCommand({ TableName: info.tableName, Item: { ...keys.counter(keys.stockCounterName(merchantId)), count: MACHINES } }));
    const seedSeconds = (performance.now() - t0) / 1000;

    // Writes per sales message: two real machines, one with a stock record.
    const [plain, stocked] = ['CENG-99000001', 'CENG-99000002'];
    // The stocked one has a planogram and stock management (its registry item says so, as ingestion reads it).
    for (const serial of [plain, stocked])
      await deps.pos.create({
        ...newPosRecord({ serial, merchantId, name: `Ingest ${serial}`, now }),
        ...(serial === stocked ? { planogramId: 'bench', manageStock: true } : {}),
      });
    await deps.stock.put({ ...recordOf(stocked, 3), version: 1 }, undefined);
    Object.assign(process.env, stackEnvironment(info));
    const ingestion = buildIngestionDeps(loadIngestionConfig());
    const sell = (serial: string) => async () => {
      const message = sim.salesMessage(serial, [sim.saleTransaction({ type: 2, line: 11, productCode: '11' })]);
      const outcome = await ingestBatch('sales', [{ ...message, topic: `vend/${serial}/sales`, receivedAt: Date.now() }], ingestion);
      if (outcome.stored !== 1) throw new Error(`the sale of ${serial} was not stored`);
    };
    const withoutStock = await dynamoCallsPer(info, sell(plain), CALL_COUNT_REQUESTS);
    const withStock = await dynamoCallsPer(info, sell(stocked), CALL_COUNT_REQUESTS);
    const extraWrites = writesOf(withStock) - writesOf(withoutStock);

    // The manage-stock page 2, and the raw Query of the same page.
    const stockHandler = await groupHandler('stock', info);
    const page1 = await invoker(stockHandler, 'GET', '/stock/manage', { merchantId, size: String(SIZE) }, authorization)<{
      cursor?: string;
      items: Array<{ serial: string }>;
    }>();
    if (!page1.cursor) throw new Error('page 1 gave no cursor');
    const invokePage = invoker(stockHandler, 'GET', '/stock/manage', { merchantId, page: '2', size: String(SIZE), cursor: page1.cursor }, authorization);
    const base = {
      TableName: info.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.merchantStockPk(merchantId) },
    };
    const first = await raw.send(new QueryCommand({ ...base, Limit: SIZE }));
    const last = first.Items!.at(-1)!;
    const rawQuery = () =>
      raw.send(new QueryCommand({ ...base, Limit: SIZE + 1, ExclusiveStartKey: { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk } }));
    const handlerPage = await invokePage<{ items: Array<{ serial: string }> }>();
    const samePage =
      JSON.stringify(handlerPage.items.map((r) => r.serial)) === JSON.stringify(((await rawQuery()).Items ?? []).slice(0, SIZE).map((i) => i.serial));
    if (!samePage) throw new Error('the raw Query and the handler do not return the same page');

    const pickQuery = { merchantId, serials: Array.from({ length: PICK_LIST_MACHINES }, (_, i) => serialOf((i * 37) % MACHINES)).join(',') };
    const invokePickList = invoker(stockHandler, 'GET', '/stock/pick-list', pickQuery, authorization);
    const series = {
      raw: { name: `raw SDK Query (gsi1, Limit ${SIZE + 1})`, ms: [] as number[] },
      handlerInvoke: { name: `handler invoked: GET /stock/manage?page=2&size=${SIZE}&cursor=…`, ms: [] as number[] },
      pickList: { name: `handler invoked: GET /stock/pick-list of ${PICK_LIST_MACHINES} machines`, ms: [] as number[] },
    };
    const { timedOut } = await interleave(
      series,
      { raw: rawQuery, handlerInvoke: invokePage, pickList: invokePickList },
      { requests: REQUESTS, batch: 25, warmup: 20, deadlineMs: 180_000 },
    );
    const manageCalls = await dynamoCallsPer(info, invokePage, CALL_COUNT_REQUESTS);
    const pickCalls = await dynamoCallsPer(info, invokePickList, 5);
    const pick = await invokePickList<{ products: unknown[]; machines: unknown[] }>();
    raw.destroy();
    deps.doc.destroy();
    const stat = (s: { name: string; ms: number[] }) => ({ name: s.name, n: s.ms.length, p50: round(percentile(s.ms, 50)), p95: round(percentile(s.ms, 95)) });
    const stats = Object.fromEntries(Object.entries(series).map(([k, s]) => [k, stat(s)]));
    const p95Ratio = stats.handlerInvoke!.p95 / stats.raw!.p95;
    return {
      machines: MACHINES,
      seedSeconds: round(seedSeconds, 1),
      writesPerSale: {
        withoutStock,
        withStock,
        extraWrites: round(extraWrites),
        verdict: extraWrites <= STOCK_BUDGET.extraWritesPerSoldLine ? 'PASS' : 'FAIL',
      },
      manage: {
        series: stats,
        p95Ratio: round(p95Ratio, 3),
        verdict: p95Ratio <= STOCK_BUDGET.p95Ratio ? 'PASS' : 'FAIL',
        calls: manageCalls,
        samePage,
        timedOut,
      },
      pickList: { machines: pick.machines.length, calls: pickCalls, p50: stats.pickList!.p50, p95: stats.pickList!.p95, products: pick.products.length },
    };
  } finally {
    await stack.stop();
  }
}

export function printStock(f: StockFigures, table: (headers: string[], rows: Array<Array<string | number>>) => string): void {
  const callsText = (c: Calls) =>
    `${c.perRequest.toFixed(2)} (${Object.entries(c.byOperation)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ')})`;
  const w = f.writesPerSale;
  console.log(
    `   Writes per sales message of one sold line (beside (e)): without stock ${writesOf(w.withoutStock).toFixed(2)}, with stock managed ${writesOf(w.withStock).toFixed(2)}: +${w.extraWrites} — ${w.verdict} (≤ +${STOCK_BUDGET.extraWritesPerSoldLine} per sold line)`,
  );
  console.log(`     DynamoDB calls without stock: ${callsText(w.withoutStock)}`);
  console.log(
    `     GetItem per sales batch of a machine without stock management: ${(w.withoutStock.byOperation.GetItem ?? 0).toFixed(2)} (the registry read per batch says it has no stock: goal 0)`,
  );
  console.log(`     DynamoDB calls with stock:    ${callsText(w.withStock)}`);
  console.log(
    `   ${f.machines} stock records seeded in ${f.seedSeconds} s; same page from both: ${f.manage.samePage}${f.manage.timedOut ? '; STOPPED AT THE TIME LIMIT' : ''}\n`,
  );
  const s = f.manage.series;
  console.log(
    table(
      ['series', 'n', 'p50 ms', 'p95 ms', 'p95 ratio', 'budget'],
      [
        [s.raw!.name, s.raw!.n, s.raw!.p50.toFixed(2), s.raw!.p95.toFixed(2), '1.00', ''],
        [
          s.handlerInvoke!.name,
          s.handlerInvoke!.n,
          s.handlerInvoke!.p50.toFixed(2),
          s.handlerInvoke!.p95.toFixed(2),
          f.manage.p95Ratio.toFixed(2),
          `${f.manage.verdict} (≤ ${STOCK_BUDGET.p95Ratio})`,
        ],
        [s.pickList!.name, s.pickList!.n, s.pickList!.p50.toFixed(2), s.pickList!.p95.toFixed(2), (s.pickList!.p95 / s.raw!.p95).toFixed(2), 'info'],
      ],
    ),
  );
  console.log(`   DynamoDB calls per manage-stock page: ${callsText(f.manage.calls)}`);
  console.log(
    `   DynamoDB calls per pick list of ${f.pickList.machines} machines (${f.pickList.products} products): ${callsText(f.pickList.calls)}; p95 ${f.pickList.p95} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchStock();
  printStock(f, (headers, rows) => [headers, ...rows].map((r) => r.join(' | ')).join('\n'));
  process.exit(0);
}

/**
 * (d) of `npm run bench`: the devices list of a large fleet. BENCH_DEVICES machines (default 50,000) in one
 * merchant, written straight through BatchWriteItem with the repository's item builders (POS item with its
 * list keys and the list copy of what it reported + TELEMETRY item per machine, and the counter item), then:
 * - GET /pos page 2 with page 1's cursor: the pos handler invoked with the API Gateway event (as Lambda does),
 *   against the raw SDK Query of the same page (gsi1, Limit 21, same ExclusiveStartKey): p95 ratio, budget
 *   ≤ 1.5×; the same over HTTP through the local API Gateway stand-in for information;
 * - DynamoDB calls per page (budget ≤ 2; the page is one Query: the POS items carry the list copy);
 * - GET /pos/counts: Queries per request (budget 0: the counter item answers).
 * Runs alone with `tsx test/bench/device-list.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { groupHandler, invoker } from './invoke';
import { benchMerchant, dynamoCallsPer, interleave, localSuperAdminAuthorization } from './measure';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const SIZE = 20;
const BATCH = 25;
const WARMUP = 30;
const CALL_COUNT_REQUESTS = 20;
const WRITE_CONCURRENCY = 8;
const LATENCY_DEADLINE_MS = 180_000;
export const DEVICE_LIST_BUDGET = { p95Ratio: 1.5, callsPerPage: 2, countQueries: 0 };

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface DeviceListFigures {
  devices: number;
  seedSeconds: number;
  samePage: boolean;
  timedOut: boolean;
  series: Record<string, { name: string; n: number; p50: number; p95: number; max: number }>;
  p95Ratio: number;
  p95Verdict: 'PASS' | 'FAIL';
  callsPerPage: { perRequest: number; byOperation: Record<string, number> };
  callsVerdict: 'PASS' | 'FAIL';
  countsCalls: { perRequest: number; byOperation: Record<string, number> };
  countsVerdict: 'PASS' | 'FAIL';
  total: number;
}

export async function benchDeviceList(): Promise<DeviceListFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ startStackProcess, depsForStack }, { newPosRecord }, { posItem }, keys, { reportedCopy }] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/core/devices/use-cases'),
    import('../../functions/adapters/dynamodb/machine-items'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/adapters/dynamodb/reported-copy'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(stack.info);
    const merchantId = 'bench-devices';
    const now = new Date().toISOString();
    await deps.merchants.create(benchMerchant(merchantId, 'Bench Devices', now));

    // Seed: POS + TELEMETRY items through BatchWriteItem (25 a call, a few calls in flight), counter item once.
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const t0 = performance.now();
    const itemsOf = (i: number) => {
      const serial = `CENG-${String(i + 1).padStart(8, '0')}`;
      const record = newPosRecord({
        serial,
        merchantId,
        name: `Machine ${String((i * 7919) % DEVICES).padStart(6, '0')} ${serial.slice(-3)}`,
        now,
        warrantyEnd: '2028-01-01',
      });
      const reported = {
        lastPingAt: now,
        signalLevel: 40 + (i % 60),
        temperature: 4 + (i % 10) / 2,
        connection: i % 3 === 0 ? 0 : 1,
        firmwareVersion: '2.4.1',
      };
      return [
        { ...posItem(record), ...reportedCopy(reported) },
        { ...keys.posTelemetry(merchantId, serial), ...reported },
      ];
    };
    let next = 0;
    const writer = async () => {
      for (;;) {
        // 12 machines = 24 items: one BatchWriteItem (at most 25).
        const start = next;
        next += 12;
        if (start >= DEVICES) return;
        const items = Array.from({ length: Math.min(12, DEVICES - start) }, (_, j) => itemsOf(start + j)).flat();
        let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.map((Item) => ({ PutRequest: { Item } })) };
        while (request && (request[info.tableName]?.length ?? 0) > 0) {
          const res = await raw.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = res.UnprocessedItems as typeof request;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
    await raw.send(
      new PutCommand({
        TableName: info.tableName,
        Item: {
          ...keys.counter(keys.posCounterName(merchantId)),
          total: DEVICES,
          hidden: 0,
          online: DEVICES - Math.ceil(DEVICES / 3),
          offline: Math.ceil(DEVICES / 3),
          unknown: 0,
          ok: DEVICES,
          warning: 0,
          critical: 0,
        },
      }),
    );
    const seedSeconds = (performance.now() - t0) / 1000;

    const getJson = async (url: string) => {
      const res = await fetch(url, { headers: { authorization } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text) as { items: Array<{ serial: string; signalLevel: number | null }>; cursor?: string; total: number };
    };
    const page1 = await getJson(`${info.api}/pos?merchantId=${merchantId}&page=1&size=${SIZE}`);
    if (!page1.cursor) throw new Error('page 1 gave no cursor');
    const pageUrl = `${info.api}/pos?merchantId=${merchantId}&page=2&size=${SIZE}&cursor=${encodeURIComponent(page1.cursor)}`;
    const posHandler = await groupHandler('pos', stack.info);
    const invokePage = invoker(posHandler, 'GET', '/pos', { merchantId, page: '2', size: String(SIZE), cursor: page1.cursor }, authorization);
    const invokeCounts = invoker(posHandler, 'GET', '/pos/counts', { merchantId }, authorization);

    // Raw SDK: the same page is one Query after page 1's last item.
    const base = {
      TableName: info.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.posByName(merchantId, false, '', '').gsi1pk },
    };
    const first = await raw.send(new QueryCommand({ ...base, Limit: SIZE }));
    const last = first.Items!.at(-1)!;
    const startKey = { pk: last.pk, sk: last.sk, gsi1pk: last.gsi1pk, gsi1sk: last.gsi1sk };
    const rawQuery = () => raw.send(new QueryCommand({ ...base, Limit: SIZE + 1, ExclusiveStartKey: startKey }));
    const handlerPage = await getJson(pageUrl);
    const rawPage = await rawQuery();
    const samePage = JSON.stringify(handlerPage.items.map((p) => p.serial)) === JSON.stringify((rawPage.Items ?? []).slice(0, SIZE).map((i) => i.serial));
    if (!samePage) throw new Error('the raw Query and the handler do not return the same page');
    if (handlerPage.items.some((p) => p.signalLevel === null)) throw new Error('the handler page lacks telemetry');

    const series = {
      raw: { name: `raw SDK Query (gsi1, Limit ${SIZE + 1})`, ms: [] as number[] },
      handlerInvoke: { name: `handler invoked with the API Gateway event of GET /pos?page=2&size=${SIZE}&cursor=…`, ms: [] as number[] },
      handlerHttp: { name: 'the same over HTTP (local API Gateway stand-in)', ms: [] as number[] },
      counts: { name: 'handler invoked: GET /pos/counts', ms: [] as number[] },
    };
    const ops: Record<keyof typeof series, () => Promise<unknown>> = {
      raw: rawQuery,
      handlerInvoke: invokePage,
      handlerHttp: () => getJson(pageUrl),
      counts: invokeCounts,
    };
    const { timedOut } = await interleave(series, ops, { requests: REQUESTS, batch: BATCH, warmup: WARMUP, deadlineMs: LATENCY_DEADLINE_MS });
    // DynamoDB calls per request: counted by the local DynamoDB front, one kind of request at a time.
    const callsPer = (op: () => Promise<unknown>) => dynamoCallsPer(stack.info, op, CALL_COUNT_REQUESTS);
    const callsPerPage = await callsPer(ops.handlerInvoke);
    const countsCalls = await callsPer(ops.counts);
    raw.destroy();
    deps.doc.destroy();
    const stat = (s: { name: string; ms: number[] }) => ({
      name: s.name,
      n: s.ms.length,
      p50: round(percentile(s.ms, 50)),
      p95: round(percentile(s.ms, 95)),
      max: round(Math.max(...s.ms)),
    });
    const stats = Object.fromEntries(Object.entries(series).map(([k, s]) => [k, stat(s)]));
    const p95Ratio = stats.handlerInvoke!.p95 / stats.raw!.p95;
    return {
      devices: DEVICES,
      seedSeconds: round(seedSeconds, 1),
      samePage,
      timedOut,
      series: stats,
      p95Ratio: round(p95Ratio, 3),
      p95Verdict: p95Ratio <= DEVICE_LIST_BUDGET.p95Ratio ? 'PASS' : 'FAIL',
      callsPerPage,
      callsVerdict: callsPerPage.perRequest <= DEVICE_LIST_BUDGET.callsPerPage ? 'PASS' : 'FAIL',
      countsCalls,
      countsVerdict: (countsCalls.byOperation.Query ?? 0) === DEVICE_LIST_BUDGET.countQueries ? 'PASS' : 'FAIL',
      total: handlerPage.total,
    };
  } finally {
    await stack.stop();
  }
}

export function printDeviceList(f: DeviceListFigures, table: (headers: string[], rows: Array<Array<string | number>>) => string): void {
  const callsText = (c: { perRequest: number; byOperation: Record<string, number> }) =>
    `${c.perRequest.toFixed(2)}${
      c.perRequest > 0
        ? ` (${Object.entries(c.byOperation)
            .map(([k, v]) => `${k} ${v.toFixed(2)}`)
            .join(', ')})`
        : ''
    }`;
  console.log(
    `   ${f.devices} machines seeded in ${f.seedSeconds} s; total ${f.total}; same page from both: ${f.samePage}${f.timedOut ? '; STOPPED AT THE TIME LIMIT' : ''}\n`,
  );
  const s = f.series;
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
          f.p95Ratio.toFixed(2),
          `${f.p95Verdict} (≤ ${DEVICE_LIST_BUDGET.p95Ratio})`,
        ],
        [
          s.handlerHttp!.name,
          s.handlerHttp!.n,
          s.handlerHttp!.p50.toFixed(2),
          s.handlerHttp!.p95.toFixed(2),
          (s.handlerHttp!.p95 / s.raw!.p95).toFixed(2),
          'info',
        ],
        [s.counts!.name, s.counts!.n, s.counts!.p50.toFixed(2), s.counts!.p95.toFixed(2), (s.counts!.p95 / s.raw!.p95).toFixed(2), 'info'],
      ],
    ),
  );
  console.log(`   DynamoDB calls per page (handler, warm): ${callsText(f.callsPerPage)} — ${f.callsVerdict} (≤ ${DEVICE_LIST_BUDGET.callsPerPage})`);
  console.log(
    `   DynamoDB calls per GET /pos/counts: ${callsText(f.countsCalls)} — Query ${f.countsCalls.byOperation.Query ?? 0}: ${f.countsVerdict} (counter item, cached 5 s per warm function)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const f = await benchDeviceList();
  const simpleTable = (headers: string[], rows: Array<Array<string | number>>) => [headers, ...rows].map((r) => r.join(' | ')).join('\n');
  printDeviceList(f, simpleTable);
  process.exit(0);
}

/**
 * (m) What a machine costs: the reference load (REFERENCE_LOAD) lived by a few machines for one simulated day,
 * through the ingestion triggers' handlers (the same code and batches as the IoT rules' SQS queues hand them) against
 * the local stack's DynamoDB, on a simulated clock (a day in under a minute). A meter on the functions' DynamoDB
 * client counts every call, the write and read units the emulator reports for it (ReturnConsumedCapacity), what
 * DynamoDB adds that the emulator does not report (a write into each index projected ALL, two units per item of a
 * transaction, one per failed conditional write) and the bytes of the lasting items added; the driver counts the
 * messages, their bytes, the invocations and their billed milliseconds. cost-model.ts turns the counts into dollars.
 *
 * Also: item writes per steady-state ping (after the first hour, when every machine is online), budget ≤ 1.0.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_DEFINITION } from '../../functions/adapters/dynamodb/table';
import { BASIC_INGEST_TOPICS, devicePublishTopic, deviceTopic } from '#schemas/device-topics';
import type { IngestedKind } from '#schemas/iot';
import type { KindCounts, RunCounts } from './cost-model';

/** Per machine and day (the issue's: a ping a minute). */
export const REFERENCE_LOAD = { pings: 1440, sales: 50, audits: 4, alarms: 2 } as const;
/**
 * The ping period of a run (env BENCH_PING_SECONDS, a whole number of minutes): the reference's 60 s unless asked, to
 * see what a machine configured to ping less often (its `telemetry.pingSeconds`) costs. Only the reference is judged.
 */
export const pingSecondsOf = (env: NodeJS.ProcessEnv = process.env) => {
  const seconds = Number(env.BENCH_PING_SECONDS ?? 60);
  if (!Number.isInteger(seconds / 60) || seconds < 60) throw new Error(`BENCH_PING_SECONDS=${env.BENCH_PING_SECONDS}: a whole number of minutes, in seconds`);
  return seconds;
};
/** How the reference machines' readings move (the thinned samples follow the changes). */
export const REFERENCE_READINGS = 'signal level steps every 10 minutes, temperature every 15 minutes';
/** Item writes per steady-state ping, at most. */
export const WRITES_PER_PING_BUDGET = 1.0;
/** The ingestion triggers' memory (infra/constructs/app-function.ts default). */
export const INGESTION_MEMORY_MB = 512;
const TRANSIENT_TTL_SECONDS = 31 * 86_400;

type Attr = { S?: string; N?: string; B?: Uint8Array; BOOL?: boolean; NULL?: boolean; M?: Record<string, Attr>; L?: Attr[]; SS?: string[]; NS?: string[] };
type Marshalled = Record<string, Attr>;

/** DynamoDB's item size: attribute names and values (numbers about one byte per two digits). */
export function itemBytes(item: Marshalled): number {
  const value = (v: Attr): number => {
    if (v === null || typeof v !== 'object') return v === null || v === undefined ? 1 : Buffer.byteLength(String(v));
    if (v.S !== undefined) return Buffer.byteLength(v.S);
    if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|e.*$/gi, '').length / 2) + 1;
    if (v.B !== undefined) return v.B.length;
    if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
    if (v.M) return 3 + Object.entries(v.M).reduce((a, [k, x]) => a + Buffer.byteLength(k) + value(x) + 1, 0);
    if (v.L) return 3 + v.L.reduce((a, x) => a + value(x) + 1, 0);
    if (v.SS) return v.SS.reduce((a, s) => a + Buffer.byteLength(s), 0);
    if (v.NS) return v.NS.reduce((a, s) => a + Math.ceil(s.length / 2) + 1, 0);
    return 0;
  };
  return Object.entries(item).reduce((a, [k, v]) => a + Buffer.byteLength(k) + value(v), 0);
}

const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
const indexesOf = (item: Marshalled) => TABLE_DEFINITION.globalIndexes.filter((g) => item[g.partitionKey] !== undefined).length;

export interface DynamoMeter {
  calls: Record<string, number>;
  writeUnits: number;
  readUnits: number;
  itemWrites: number;
  storedBytes: number;
  /** Keys of POS items updated (their index writes are added after the run, from the items' indexes and size). */
  posUpdates: Array<{ pk: string; sk: string }>;
}

const newMeter = (): DynamoMeter => ({ calls: {}, writeUnits: 0, readUnits: 0, itemWrites: 0, storedBytes: 0, posUpdates: [] });

/** Counts what the client's calls cost into `meter()`'s current meter. */
function meterClient(client: DynamoDBClient, meter: () => DynamoMeter, nowSeconds: () => number): void {
  const lasting = (item: Marshalled) => item.expiresAt?.N === undefined || Number(item.expiresAt.N) - nowSeconds() > TRANSIENT_TTL_SECONDS;
  const put = (m: DynamoMeter, item: Marshalled, unitsPerKb = 1) => {
    const bytes = itemBytes(item);
    const indexes = indexesOf(item);
    m.writeUnits += indexes * kb(bytes) * unitsPerKb;
    if (lasting(item)) m.storedBytes += (bytes + 100) * (1 + indexes);
  };
  const posKey = (key: Marshalled | undefined) => (key?.sk?.S === 'POS' ? { pk: key.pk!.S!, sk: 'POS' } : undefined);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const m = meter();
      const op = (context.commandName ?? '').replace(/Command$/, '');
      const input = args.input as Record<string, any>;
      m.calls[op] = (m.calls[op] ?? 0) + 1;
      if (['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchGetItem', 'BatchWriteItem', 'Query'].includes(op)) input.ReturnConsumedCapacity = 'TOTAL';
      if (op === 'PutItem') put(m, input.Item);
      if (op === 'BatchWriteItem')
        for (const requests of Object.values(input.RequestItems) as Array<Array<{ PutRequest?: { Item: Marshalled } }>>)
          for (const r of requests) if (r.PutRequest) put(m, r.PutRequest.Item);
      if (op === 'UpdateItem') {
        const pos = posKey(input.Key);
        if (pos) m.posUpdates.push(pos);
      }
      if (op === 'TransactWriteItems') {
        for (const t of input.TransactItems as Array<Record<string, { Item?: Marshalled; Key?: Marshalled }>>) {
          const [kind, body] = Object.entries(t)[0]!;
          // Two units a KB; the emulator reports nothing for transactions, so an update's item is taken as ≤ 1 KB.
          m.writeUnits += 2 * (body!.Item ? kb(itemBytes(body!.Item)) : 1);
          if (kind === 'Put') put(m, body!.Item!, 2);
          if (kind !== 'ConditionCheck') m.itemWrites++;
          const pos = kind === 'Update' ? posKey(body!.Key) : undefined;
          if (pos) m.posUpdates.push(pos);
        }
      }
      try {
        const result = await next(args);
        const output = result.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> };
        const units = [output.ConsumedCapacity ?? []].flat().reduce((a, c) => a + (c.CapacityUnits ?? 0), 0);
        const writes = op === 'PutItem' || op === 'UpdateItem' || op === 'DeleteItem' ? 1 : op === 'BatchWriteItem' ? countRequests(input) : 0;
        m.itemWrites += writes;
        if (writes) m.writeUnits += units;
        else if (op !== 'TransactWriteItems') m.readUnits += units;
        return result;
      } catch (error) {
        // A failed conditional write is charged too (its item taken as ≤ 1 KB).
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
          m.writeUnits += 1;
          m.itemWrites += 1;
        }
        throw error;
      }
    },
    // In the serialize step, before the serializer: the document client has marshalled the input (initialize step).
    { step: 'serialize', priority: 'high', name: 'benchCostMeter' },
  );
}

const countRequests = (input: Record<string, any>) => (Object.values(input.RequestItems) as unknown[][]).reduce((a, r) => a + r.length, 0);

export interface MachineCostResult {
  machines: number;
  /** The machines' ping period in this run. */
  pingSeconds: number;
  days: number;
  run: RunCounts;
  meters: Record<string, DynamoMeter>;
  steadyPings: number;
  steadyItemWrites: number;
  steadyWriteUnits: number;
  itemWritesPerSteadyPing: number;
  /** Item writes by purpose over the steady pings (the stack's DynamoDB front's labels). */
  steadyWritesByKey: Record<string, number>;
  wallSeconds: number;
}

export async function benchMachineCost(o: { machines: number; pingSeconds?: number }): Promise<MachineCostResult> {
  const pingMinutes = (o.pingSeconds ?? 60) / 60;
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.CONNECTION_SWEEP_INTERVAL_MS = String(10 * 60_000);
  const [{ startStack }, sim, { buildIngestionDeps }, { iotBatchHandler }, { loadIngestionConfig }, { KINDS }] = await Promise.all([
    import('../../infra/local/stack'),
    import('../../infra/local/simulator'),
    import('../../functions/triggers/ingestion-deps'),
    import('../../functions/triggers/iot-batch'),
    import('../../functions/triggers/ingestion-config'),
    import('../../functions/core/ingestion/kinds'),
  ]);
  const stack = await startStack();
  const started = performance.now();
  try {
    const { info } = stack;
    if (!['127.0.0.1', 'localhost'].includes(new URL(info.dynamodb).hostname)) throw new Error(`bench refuses a non-local endpoint: ${info.dynamodb}`);
    const serials = sim.loadSerials(o.machines, 'CENG', 93_000_001);
    await sim.registerMachines(info, 'acme-vending', serials);

    const day0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    let clock = day0;
    const meters: Record<string, DynamoMeter> = {};
    let current = 'setup';
    const meterOf = (name: string) => (meters[name] ??= newMeter());
    const client = new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb, maxAttempts: 3 });
    meterClient(
      client,
      () => meterOf(current),
      () => Math.floor(clock / 1000),
    );
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } });
    const config = { ...loadIngestionConfig({ ...process.env, TABLE_NAME: info.tableName }), dynamodbEndpoint: info.dynamodb, tableName: info.tableName };
    const errors: string[] = [];
    const deps = {
      ...buildIngestionDeps(config, doc),
      nowMs: () => clock,
      log: (level: string, message: string, fields?: Record<string, unknown>) => {
        if (level === 'error') errors.push(`${message}: ${String(fields?.error)}`);
      },
    };
    const kinds: IngestedKind[] = ['telemetry', 'sales', 'audit', 'alarms'];
    const handlers = Object.fromEntries(kinds.map((k) => [k, iotBatchHandler(KINDS[k], () => deps)])) as Record<
      IngestedKind,
      ReturnType<typeof iotBatchHandler>
    >;
    const counts = Object.fromEntries(
      kinds.map((k) => [
        k,
        { messages: 0, messageUnits: 0, sqsChunks: 0, invocations: 0, billedMs: 0, writeUnits: 0, readUnits: 0, itemWrites: 0, storedBytes: 0 },
      ]),
    ) as Record<IngestedKind, KindCounts>;

    const deliver = async (kind: IngestedKind, messages: Array<{ serial: string; messageId: string }>) => {
      if (!messages.length) return;
      const c = counts[kind];
      const records = messages.map((m, i) => {
        const topic = deviceTopic(m.serial, kind);
        const payload = JSON.stringify(m);
        c.messages++;
        c.messageUnits += Math.max(1, Math.ceil((Buffer.byteLength(payload) + Buffer.byteLength(devicePublishTopic(m.serial, kind))) / 5120));
        const body = JSON.stringify({ ...m, topic, receivedAt: clock });
        c.sqsChunks += Math.max(1, Math.ceil(Buffer.byteLength(body) / 65_536));
        return { messageId: `${clock}-${i}`, body };
      });
      current = kind;
      const t0 = performance.now();
      const res = (await handlers[kind]({ Records: records })) as { batchItemFailures: unknown[] } | undefined;
      c.invocations++;
      c.billedMs += Math.max(1, Math.ceil(performance.now() - t0));
      current = 'setup';
      if (res?.batchItemFailures.length) throw new Error(`${kind}: ${res.batchItemFailures.length} messages failed in the cost run (${errors.join('; ')})`);
    };

    const M = o.machines;
    const books = serials.map(() => new sim.DexBook());
    const at = (ms: number) => new Date(ms).toISOString();
    const minutesOf = (perDay: number, i: number) => new Set(Array.from({ length: perDay }, (_, k) => Math.floor(((k + i / M) * 1440) / perDay)));
    const saleMinutes = serials.map((_, i) => minutesOf(REFERENCE_LOAD.sales, i));
    const auditMinutes = serials.map((_, i) => minutesOf(REFERENCE_LOAD.audits, i + 0.5));
    // Two alarms a day, each raised and cleared an hour later.
    const alarmMinutes = serials.map(
      (_, i) => new Map([...minutesOf(REFERENCE_LOAD.alarms, i)].flatMap((m) => [[m + 5, 'raised'] as const, [m + 65, 'cleared'] as const])),
    );
    let steadyStart: { writes: number; units: number } | undefined;
    let steadyPings = 0;
    const steadyWritesByKey: Record<string, number> = {};
    for (let minute = 0; minute < 1440; minute++) {
      clock = day0 + minute * 60_000 + 500;
      if (minute === 60) steadyStart = { writes: meterOf('telemetry').itemWrites, units: meterOf('telemetry').writeUnits };
      const pings = minute % pingMinutes === 0;
      const labelsBefore = steadyStart && pings ? await stack.dynamoItemWrites() : {};
      if (pings)
        await deliver(
          'telemetry',
          serials.map((serial, i) =>
            sim.telemetryMessage(serial, {
              sentAt: at(clock - 400),
              signalLevel: 60 + (i % 10) + (Math.floor((minute + i) / 10) % 3),
              temperature: 4 + (Math.floor((minute + i) / 15) % 4) / 10,
            }),
          ),
        );
      if (steadyStart && pings) {
        steadyPings += M;
        for (const [label, n] of Object.entries(await stack.dynamoItemWrites())) {
          const added = n - (labelsBefore[label] ?? 0);
          if (added) steadyWritesByKey[label] = (steadyWritesByKey[label] ?? 0) + added;
        }
      }
      clock += 5_000;
      await deliver(
        'sales',
        serials.filter((_, i) => saleMinutes[i]!.has(minute)).map((serial) => sim.salesMessage(serial, [sim.saleTransaction({ createdAt: at(clock - 2000) })])),
      );
      await deliver(
        'audit',
        serials.flatMap((serial, i) =>
          auditMinutes[i]!.has(minute) ? [sim.auditMessage(serial, { readAt: at(clock - 1000), dex: books[i]!.text(serial, at(clock - 1000)) })] : [],
        ),
      );
      await deliver(
        'alarms',
        serials.flatMap((serial, i) => {
          const state = alarmMinutes[i]!.get(minute);
          return state ? [sim.alarmMessage(serial, { code: 'E-COOLING', state, at: at(clock - 1000), criticity: 2 })] : [];
        }),
      );
    }
    const telemetryMeter = meterOf('telemetry');
    const steadyItemWrites = telemetryMeter.itemWrites - (steadyStart?.writes ?? 0);
    const steadyWriteUnits = telemetryMeter.writeUnits - (steadyStart?.units ?? 0);

    // Index writes of the POS items updated (the list copy): one per index the item is in, per KB.
    current = 'setup';
    const posItems = new Map<string, Marshalled | undefined>();
    for (const kind of kinds) {
      const m = meterOf(kind);
      for (const key of m.posUpdates) {
        const id = `${key.pk}|${key.sk}`;
        if (!posItems.has(id)) {
          const res = await doc.send(new GetCommand({ TableName: info.tableName, Key: key }));
          posItems.set(id, res.Item ? (marshallForSize(res.Item) as Marshalled) : undefined);
        }
        const item = posItems.get(id);
        if (item) m.writeUnits += indexesOf(item) * kb(itemBytes(item));
      }
    }
    for (const kind of kinds) {
      const m = meterOf(kind);
      Object.assign(counts[kind], { writeUnits: m.writeUnits, readUnits: m.readUnits, itemWrites: m.itemWrites, storedBytes: m.storedBytes });
    }
    doc.destroy();
    return {
      machines: M,
      pingSeconds: o.pingSeconds ?? 60,
      days: 1,
      run: { machines: M, days: 1, lambdaMemoryMb: INGESTION_MEMORY_MB, basicIngest: kinds.every((k) => BASIC_INGEST_TOPICS.has(k)), kinds: counts },
      meters,
      steadyPings,
      steadyItemWrites,
      steadyWriteUnits,
      itemWritesPerSteadyPing: steadyItemWrites / steadyPings,
      steadyWritesByKey,
      wallSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await stack.stop();
  }
}

/** A plain item in DynamoDB's typed form, for its size. */
function marshallForSize(value: Record<string, unknown>): Marshalled {
  const one = (v: unknown): Attr => {
    if (typeof v === 'string') return { S: v };
    if (typeof v === 'number') return { N: String(v) };
    if (typeof v === 'boolean') return { BOOL: v };
    if (v === null || v === undefined) return { NULL: true };
    if (Array.isArray(v)) return { L: v.map(one) };
    if (v instanceof Set) return { SS: [...v].map(String) };
    return { M: marshallForSize(v as Record<string, unknown>) };
  };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, one(v)]));
}

export const COST_BUDGET_PER_MACHINE_MONTH = 0.05;

/** The section's printout: the itemised cost beside its budget, the writes per ping beside theirs, the load average. */
export function printMachineCost(
  r: MachineCostResult,
  cost: { lines: Array<{ item: string; perMonth: number; basis: string }>; total: number },
  table: (headers: string[], rows: Array<Array<string | number>>) => string,
  load: string,
) {
  const usd = (n: number) => `$${n.toFixed(5)}`;
  console.log(
    table(['item (per machine-month)', 'US$', 'basis'], [...cost.lines.map((l) => [l.item, usd(l.perMonth), l.basis]), ['total', usd(cost.total), '']]),
  );
  const verdict = (pass: boolean) => (r.pingSeconds !== 60 ? `not judged: a ping every ${r.pingSeconds} s` : pass ? 'PASS' : 'FAIL');
  console.log(
    `\n  total ${usd(cost.total)} per machine-month, budget ≤ $${COST_BUDGET_PER_MACHINE_MONTH.toFixed(2)}: ${verdict(cost.total <= COST_BUDGET_PER_MACHINE_MONTH)}; ` +
      `${r.machines} machines × ${r.days} simulated day in ${r.wallSeconds.toFixed(1)} s (load average ${load})`,
  );
  const k = r.run.kinds;
  console.log(
    `  per machine-day: ${Object.entries(k)
      .map(
        ([name, c]) =>
          `${name} ${(c.messages / r.machines).toFixed(0)} messages, ${(c.itemWrites / r.machines).toFixed(1)} item writes, ${(c.writeUnits / r.machines).toFixed(1)} WRU, ${(c.readUnits / r.machines).toFixed(1)} RRU`,
      )
      .join('; ')}`,
  );
  console.log(
    `  item writes per steady-state ping ${r.itemWritesPerSteadyPing.toFixed(3)} (budget ≤ ${WRITES_PER_PING_BUDGET.toFixed(1)}: ${verdict(r.itemWritesPerSteadyPing <= WRITES_PER_PING_BUDGET)}), ` +
      `${(r.steadyWriteUnits / r.steadyPings).toFixed(3)} WRU per ping with indexes and transactions; readings: ${REFERENCE_READINGS}; by key:`,
  );
  for (const [label, n] of Object.entries(r.steadyWritesByKey).sort((a, b) => b[1] - a[1]))
    console.log(`    ${(n / r.steadyPings).toFixed(3)}  ${label} (${n})`);
}

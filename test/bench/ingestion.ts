/**
 * (e) Ingestion throughput: N simulated devices (real MQTT clients in a child process, so the publisher
 * has its own core) publish telemetry with QoS 1 into the embedded stack. Per scenario, over the same
 * broker, clients and database:
 *   broker-only   broker → rule router → a no-op rule (what MQTT + routing alone sustain)
 *   ceiling       the messages per second the same dynalite process takes when fed directly, from another process,
 *                 the calls the pipeline made for them in this run (dynamo-ceiling-load.ts: the counted mix of
 *                 BatchWriteItem, UpdateItem, TransactWriteItems, BatchGetItem and GetItem, items sized alike),
 *                 right after the end-to-end phase
 *   end-to-end    broker → rule router (batches) → iot-telemetry trigger → DynamoDB (dynalite)
 * Rate = messages / (first publish → last message finished by the rule). Budget (the pipeline keeps up with the
 * database): end-to-end messages/s ≥ INGESTION_BUDGET_SHARE × the ceiling's messages/s. Item writes are counted by
 * the DynamoDB front (by operation and key pattern, so each write says what it is for).
 * Also: DynamoDB requests per message, and a check that every message was stored exactly once.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT } from './bundle';
import type { CallMix } from './dynamo-ceiling-load';

/** End to end, at least this share of the messages/s the database could store at our item writes per message. */
export const INGESTION_BUDGET_SHARE = 0.5;
const CEILING_CONCURRENCY = 4;

export interface IngestionScenario {
  name: string;
  devices: number;
  perDevice: number;
  firstSerial: number;
  /** Whether the budget applies (otherwise the verdict is for information). */
  budgeted: boolean;
  window?: number;
  perDeviceRate?: number;
}

export interface PhaseFigures {
  messages: number;
  completed: number;
  failed: number;
  seconds: number;
  perSecond: number;
  publishSeconds: number;
  timedOut: boolean;
  invocations: number;
  /** Messages on topics no rule matched (the local IoT stats; 0 unless a publisher got a topic wrong). */
  unmatched: number;
}

function runLoad(mqttUrl: string, s: IngestionScenario, onStart: (epoch: number) => void): Promise<{ publishMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/bench/ingestion-load.ts',
        mqttUrl,
        String(s.devices),
        String(s.perDevice),
        String(s.firstSerial),
        String(s.window ?? 20),
        String(s.perDeviceRate ?? 100),
      ],
      { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let result: { publishMs: number } | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('START ')) onStart(Number(line.slice(6)));
      else if (line.startsWith('{')) result = JSON.parse(line) as { publishMs: number };
    });
    child.once('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`load publisher exited with ${code}`))));
  });
}

/** Feeds the database directly from another process (dynamo-ceiling-load.ts): the item writes per second it stores. */
function measureCeiling(
  endpoint: string,
  table: string,
  s: IngestionScenario,
  mix: CallMix,
): Promise<{ items: number; calls: number; seconds: number; perSecond: number; callsPerSecond: number; concurrency: number; mix: CallMix }> {
  return new Promise((resolve, reject) => {
    const args = [endpoint, table, JSON.stringify(mix), String(s.devices), String(s.firstSerial + 5_000_000), String(CEILING_CONCURRENCY)];
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/dynamo-ceiling-load.ts', ...args], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result: { items: number; calls: number; ms: number } | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) result = JSON.parse(line) as { items: number; calls: number; ms: number };
    });
    child.once('exit', (code) =>
      code === 0 && result
        ? resolve({
            mix,
            calls: result.calls,
            items: result.items,
            seconds: result.ms / 1000,
            perSecond: result.items / (result.ms / 1000),
            callsPerSecond: result.calls / (result.ms / 1000),
            concurrency: CEILING_CONCURRENCY,
          })
        : reject(new Error(`ceiling feeder exited with ${code}`)),
    );
  });
}

/**
 * The calls the pipeline made, by operation, with the items (or keys) they carried: item writes as the front counted
 * them (a transaction's condition check, not counted there, as one more item); a BatchGetItem's keys as the batch's
 * machines (messages per invocation, at most 100).
 */
function callMix(ops: Record<string, number>, writes: Record<string, number>, messages: number, invocations: number): CallMix {
  const written = (prefix: string) => Object.entries(writes).reduce((a, [label, n]) => (label.startsWith(prefix) ? a + n : a), 0);
  const mix: CallMix = {};
  for (const [op, calls] of Object.entries(ops)) {
    const items =
      op === 'BatchWriteItem'
        ? written('BatchWriteItem.')
        : op === 'TransactWriteItems'
          ? written('TransactWriteItems.') + calls
          : op === 'BatchGetItem'
            ? calls * Math.min(100, Math.max(1, Math.round(messages / Math.max(1, invocations))))
            : calls;
    mix[op] = { calls, items };
  }
  return mix;
}

/** Item writes counted by the front, `<operation> <key pattern>` → count, as what each write is for, per message. */
function itemWritesByPurpose(counted: Record<string, number>, messages: number) {
  return Object.entries(counted)
    .map(([label, count]) => {
      const [operation, ...key] = label.split(' ');
      return { operation: operation!, key: key.join(' '), count, perMessage: count / messages, purpose: purposeOf(operation!, key.join(' ')) };
    })
    .sort((a, b) => b.count - a.count);
}

/** What an item written by telemetry ingestion is for, by its operation and key pattern (functions/adapters/dynamodb/keys.ts). */
function purposeOf(operation: string, key: string): string {
  const goingOnline = operation.startsWith('TransactWriteItems');
  if (/ SENSOR#/.test(key)) return "the ping's sample (signal and temperature charts)";
  if (/ TELEMETRY$/.test(key))
    return goingOnline
      ? 'the machine goes online: last ping and connection'
      : "last ping, once per machine per batch (the floor; a new machine's first try fails its online condition and goes online by the transaction)";
  if (/ POS$/.test(key))
    return goingOnline ? 'the machine goes online: the list copy on the machine item' : 'the list copy on the machine item, once per online bucket';
  if (/^ONLINE#/.test(key)) return 'the online index entry, once per machine per online bucket (read by the connection sweep)';
  if (/^COUNTER#/.test(key)) return 'the machine goes online: connection counters of the merchant and group';
  return 'other';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchIngestion(scenarios: IngestionScenario[], deadlineMs = 90_000) {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.CONNECTION_SWEEP_INTERVAL_MS = String(10 * 60_000);
  const [{ startStack }, { registerMachines, loadSerials }, { localIotRules }, { localRepositories }, { loadConfig }] = await Promise.all([
    import('../../infra/local/stack'),
    import('../../infra/local/simulator'),
    import('../../infra/local/iot-rules'),
    import('../../infra/local/repositories'),
    import('../../functions/runtime/config'),
  ]);
  const stack = await startStack();
  try {
    const { info } = stack;
    for (const url of [info.mqtt, info.dynamodb]) {
      const host = new URL(url).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`bench refuses a non-local endpoint: ${url}`);
    }
    const realRules = await localIotRules();
    const doc = localRepositories(loadConfig()).doc;
    const results = [];
    for (const s of scenarios) {
      const serials = loadSerials(s.devices, 'CENG', s.firstSerial);
      await registerMachines(info, 'acme-vending', serials);
      const total = s.devices * s.perDevice;

      const phase = async (rule: string): Promise<PhaseFigures> => {
        stack.iot.resetStats();
        let startEpoch = 0;
        const load = runLoad(info.mqtt, s, (epoch) => (startEpoch = epoch));
        const t0 = performance.now();
        let done = 0;
        let failed = 0;
        let timedOut = false;
        let finishedAt = 0;
        for (;;) {
          const st = stack.iot.stats()[rule];
          done = st?.completed ?? 0;
          failed = st?.failed ?? 0;
          if (done + failed >= total) {
            finishedAt = Date.now();
            break;
          }
          if (performance.now() - t0 > deadlineMs) {
            timedOut = true;
            finishedAt = Date.now();
            break;
          }
          await sleep(5);
        }
        const { publishMs } = await load;
        const seconds = (finishedAt - startEpoch) / 1000;
        return {
          messages: total,
          completed: done,
          failed,
          seconds,
          perSecond: done / seconds,
          publishSeconds: publishMs / 1000,
          timedOut,
          invocations: stack.iot.stats()[rule]?.invocations ?? 0,
          unmatched: stack.iot.unmatched(),
        };
      };

      // Named like the telemetry rule: the machines publish on its Basic Ingest topic, which reaches that rule only.
      stack.iot.setRules([{ name: 'telemetry', topicFilter: 'vend/+/telemetry', handler: async () => undefined }]);
      const brokerOnly = await phase('telemetry');

      stack.iot.setRules(realRules);
      await stack.resetDynamoOps();
      const endToEnd = await phase('telemetry');
      const [ops, writes] = await Promise.all([stack.dynamoOps(), stack.dynamoItemWrites()]);

      // Every message stored exactly once: SENSOR items per device.
      let stored = 0;
      for (const serial of serials) {
        let start: Record<string, unknown> | undefined;
        do {
          const res = await doc.send(
            new QueryCommand({
              TableName: info.tableName,
              Select: 'COUNT',
              ExclusiveStartKey: start,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
              ExpressionAttributeValues: { ':pk': `MERCHANT#acme-vending#POS#${serial}`, ':s': 'SENSOR#' },
            }),
          );
          stored += res.Count ?? 0;
          start = res.LastEvaluatedKey;
        } while (start);
      }
      // Fed directly, right after the pipeline, with the calls it made: the same process, table and size of table.
      const ceiling = await measureCeiling(info.dynamodb, info.tableName, s, callMix(ops, writes, total, endToEnd.invocations));
      const requests = Object.values(ops).reduce((a, b) => a + b, 0);
      const itemWrites = Object.values(writes).reduce((a, b) => a + b, 0);
      const itemWritesPerMessage = itemWrites / total;
      // The messages/s the database could take making the pipeline's calls, and the share of it the budget asks for.
      const ceilingMessagesPerSecond = total / ceiling.seconds;
      const budgetPerSecond = INGESTION_BUDGET_SHARE * ceilingMessagesPerSecond;
      const pass = endToEnd.perSecond >= budgetPerSecond && !endToEnd.timedOut;
      results.push({
        scenario: s,
        brokerOnly,
        ceiling,
        endToEnd,
        ratioToBroker: endToEnd.perSecond / brokerOnly.perSecond,
        storedSamples: stored,
        dynamoRequestsPerMessage: requests / total,
        dynamoRequestsByOperation: Object.fromEntries(Object.entries(ops).map(([k, v]) => [k, v])),
        itemWrites,
        itemWritesPerMessage,
        itemWritesByPurpose: itemWritesByPurpose(writes, total),
        ceilingMessagesPerSecond,
        budgetPerSecond,
        shareOfCeiling: endToEnd.perSecond / ceilingMessagesPerSecond,
        verdict: !s.budgeted ? ('info' as const) : pass ? ('PASS' as const) : ('FAIL' as const),
      });
    }
    doc.destroy();
    return results;
  } finally {
    await stack.stop();
  }
}

/**
 * (d) Ingestion throughput: N simulated devices (real MQTT clients in a child process, so the publisher
 * has its own core) publish telemetry with QoS 1 into the embedded stack. Measured twice over the same
 * broker and clients:
 *   broker-only   broker → rule router → a no-op rule (what MQTT + routing alone sustain)
 *   end-to-end    broker → rule router (batches) → iot-telemetry trigger → DynamoDB (dynalite)
 * Rate = messages / (first publish → last message finished by the rule). Also: DynamoDB requests and
 * written items per message (deterministic), and a check that every message was stored exactly once.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT } from './bundle';

export const INGESTION_BUDGET_PER_SECOND = 5000;

export interface IngestionScenario {
  name: string;
  devices: number;
  perDevice: number;
  firstSerial: number;
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
}

function runLoad(mqttUrl: string, s: IngestionScenario, onStart: (epoch: number) => void): Promise<{ publishMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/bench/ingestion-load.ts', mqttUrl, String(s.devices), String(s.perDevice), String(s.firstSerial), String(s.window ?? 20), String(s.perDeviceRate ?? 100)],
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
    import('../../functions/shared/config'),
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
          messages: total, completed: done, failed, seconds, perSecond: done / seconds, publishSeconds: publishMs / 1000, timedOut,
          invocations: stack.iot.stats()[rule]?.invocations ?? 0,
        };
      };

      stack.iot.setRules([{ name: 'broker-only', topicFilter: 'vend/+/telemetry', handler: async () => undefined }]);
      const brokerOnly = await phase('broker-only');

      stack.iot.setRules(realRules);
      await stack.resetDynamoOps();
      const endToEnd = await phase('telemetry');
      const ops = await stack.dynamoOps();

      // Every message stored exactly once: SENSOR items per device.
      let stored = 0;
      for (const serial of serials) {
        let start: Record<string, unknown> | undefined;
        do {
          const res = await doc.send(
            new QueryCommand({
              TableName: info.tableName, Select: 'COUNT', ExclusiveStartKey: start,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
              ExpressionAttributeValues: { ':pk': `MERCHANT#acme-vending#POS#${serial}`, ':s': 'SENSOR#' },
            }),
          );
          stored += res.Count ?? 0;
          start = res.LastEvaluatedKey;
        } while (start);
      }
      const requests = Object.values(ops).reduce((a, b) => a + b, 0);
      results.push({
        scenario: s,
        brokerOnly,
        endToEnd,
        ratioToBroker: endToEnd.perSecond / brokerOnly.perSecond,
        storedSamples: stored,
        dynamoRequestsPerMessage: requests / total,
        dynamoRequestsByOperation: Object.fromEntries(Object.entries(ops).map(([k, v]) => [k, v])),
        verdict: endToEnd.perSecond >= INGESTION_BUDGET_PER_SECOND && !endToEnd.timedOut ? 'PASS' : 'FAIL',
      });
    }
    doc.destroy();
    return results;
  } finally {
    await stack.stop();
  }
}

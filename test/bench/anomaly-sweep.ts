/**
 * (n) The anomaly sweep over a 20,000-machine merchant (issue 30; BENCH_ANOMALY_MACHINES lowers it): each machine's
 * list item, TELEMETRY and four weeks of sales per weekday and hour (T11) seeded directly, 1 % of them busy machines
 * silent for a day (they raise the no-sales anomaly through the alarms' own transaction). The sweep runs as its
 * trigger does, run after run from its cursor until the walk is complete: DynamoDB calls per machine (the sweep's own,
 * counted on its client) and each run's time printed; budget: every run finishes within the schedule (5 minutes).
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAlarmRepository } from '../../functions/adapters/dynamodb/alarm-repository';
import { DynamoAnomalySweepStore } from '../../functions/adapters/dynamodb/anomaly-sweep-store';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import { benchMerchant } from './measure';

const MACHINES = Number(process.env.BENCH_ANOMALY_MACHINES ?? 20_000);
const WRITE_CONCURRENCY = 8;
export const ANOMALY_SWEEP_BUDGET = { runSeconds: 5 * 60 };

export interface AnomalySweepFigures {
  machines: number;
  seedSeconds: number;
  runs: Array<{ machines: number; raised: number; seconds: number }>;
  callsPerMachine: number;
  byOperation: Record<string, number>;
  raised: number;
  verdict: 'PASS' | 'FAIL';
}

export async function benchAnomalySweep(): Promise<AnomalySweepFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ startStackProcess, depsForStack, stackEnvironment }, keys, { sweepAnomalies }, { weeksBefore }, sh, deps] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/adapters/dynamodb/keys'),
    import('../../functions/core/anomalies/sweep'),
    import('../../functions/core/anomalies/rules'),
    import('../../functions/core/anomalies/sales-hours'),
    import('../../functions/triggers/anomaly-sweep/deps'),
  ]);
  const stack = await startStackProcess({ env: { ANOMALY_SWEEP_INTERVAL_MS: String(24 * 3_600_000) } });
  try {
    const { info } = stack;
    if (new URL(info.dynamodb).hostname !== '127.0.0.1') throw new Error(`bench refuses a non-local endpoint: ${info.dynamodb}`);
    const repositories = depsForStack(info);
    const merchantId = 'bench-anomalies';
    const now = Date.now();
    await repositories.merchants.create(benchMerchant(merchantId, 'Bench Anomalies', new Date(now).toISOString()));
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }), {
      marshallOptions: { removeUndefinedValues: true },
    });

    // Open 07–21 local, 2 sales an hour: the same four weeks for every machine.
    const currentWeek = sh.slotOf('Europe/Rome', new Date(now).toISOString()).weekStart;
    const week: Record<string, number> = {};
    for (let d = 0; d < 7; d++) for (let h = 7; h < 21; h++) week[sh.hourAttributes(d, h).vends] = 2;
    const serialOf = (i: number) => `CENG-${String(97_000_000 + i)}`;
    const silent = (i: number) => i % 100 === 0;
    const itemsOf = (i: number) => {
      const serial = serialOf(i);
      const lastSaleAt = new Date(now - (silent(i) ? 24 : 0.1) * 3_600_000).toISOString();
      return [
        {
          ...keys.pos(merchantId, serial),
          ...keys.posByName(merchantId, false, `bench ${String(i).padStart(6, '0')}`, serial),
          serial,
          merchantId,
          groupId: null,
        },
        { ...keys.posTelemetry(merchantId, serial), connection: 1, lastSeenAt: now, lastSaleAt },
        ...(silent(i) ? [{ ...keys.deviceRegistry(serial), serial, merchantId, groupId: null, stocked: false }] : []),
        ...[1, 2, 3, 4].map((n) => ({
          ...keys.posSalesHours(merchantId, serial, weeksBefore(currentWeek, n)),
          merchantId,
          serial,
          weekStart: weeksBefore(currentWeek, n),
          ...week,
        })),
      ];
    };
    const t0 = performance.now();
    let next = 0;
    const writer = async () => {
      const pending: Array<Record<string, unknown>> = [];
      for (;;) {
        while (pending.length < 25 && next < MACHINES) pending.push(...itemsOf(next++));
        if (!pending.length) return;
        const items = pending.splice(0, 25);
        let request: Record<string, unknown[]> | undefined = { [info.tableName]: items.map((Item) => ({ PutRequest: { Item } })) };
        while (request && (request[info.tableName]?.length ?? 0) > 0)
          request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, writer));
    const seedSeconds = (performance.now() - t0) / 1000;

    // The sweep's own calls, counted on its client (the stack's timers call the emulator meanwhile).
    const doc = createDocumentClient({ region: 'eu-west-1', endpoint: info.dynamodb });
    const counted: Record<string, number> = {};
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        const name = (context.commandName ?? 'unknown').replace(/Command$/, '');
        counted[name] = (counted[name] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize', name: 'benchCallCount' },
    );
    const sweepDeps = {
      ...deps.buildAnomalySweepDeps({ ...process.env, ...stackEnvironment(info) }),
      store: new DynamoAnomalySweepStore(doc, info.tableName),
      alarms: new DynamoAlarmRepository(doc, info.tableName),
    };
    const runs: AnomalySweepFigures['runs'] = [];
    for (let complete = false; !complete;) {
      const started = performance.now();
      const outcome = await sweepAnomalies({ ...sweepDeps, machinesPerRun: deps.DEFAULT_MACHINES_PER_RUN, nowMs: () => now });
      runs.push({ machines: outcome.machines, raised: outcome.raised, seconds: (performance.now() - started) / 1000 });
      complete = outcome.complete;
      if (runs.length > 100) throw new Error('the sweep never completed its walk');
    }
    const evaluated = runs.reduce((n, r) => n + r.machines, 0);
    const total = Object.values(counted).reduce((a, b) => a + b, 0);
    const slowest = Math.max(...runs.map((r) => r.seconds));
    return {
      machines: MACHINES,
      seedSeconds,
      runs,
      callsPerMachine: total / evaluated,
      byOperation: Object.fromEntries(Object.entries(counted).map(([k, v]) => [k, v / evaluated])),
      raised: runs.reduce((n, r) => n + r.raised, 0),
      verdict: slowest <= ANOMALY_SWEEP_BUDGET.runSeconds ? 'PASS' : 'FAIL',
    };
  } finally {
    await stack.stop();
  }
}

export function printAnomalySweep(f: AnomalySweepFigures): void {
  console.log(`  seeded ${f.machines} machines (list item, TELEMETRY, 4 week items each) in ${f.seedSeconds.toFixed(1)} s`);
  for (const [i, r] of f.runs.entries()) console.log(`  run ${i + 1}: ${r.machines} machines, ${r.raised} anomalies raised, ${r.seconds.toFixed(1)} s`);
  console.log(
    `  DynamoDB calls per machine: ${f.callsPerMachine.toFixed(3)} (${Object.entries(f.byOperation)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join(', ')}); anomalies raised ${f.raised}; every run ≤ ${ANOMALY_SWEEP_BUDGET.runSeconds} s: ${f.verdict}`,
  );
}

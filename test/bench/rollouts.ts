/**
 * (p) Rollouts (issue 32): the DynamoDB calls of the request that starts a rollout, for a merchant of 100 machines and
 * one of BENCH_ROLLOUT_MACHINES (10,000) — budget: the same count (independent of the fleet size: the machines are
 * planned by the workflow's step, not the request); then the workflow's steps on the large fleet, counted per machine:
 * planning, sending a wave (commands minted for that wave only), a step watching a wave, a machine's report.
 * The create route's handler and the step run in this process (as Lambda runs them); DynamoDB runs in the stack's.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { benchMerchant, localSuperAdminAuthorization } from './measure';
import type { GroupHandler } from './invoke';

export const ROLLOUT_BUDGET = { requestCallsIndependentOfFleet: true };

export interface RolloutFigures {
  machines: number;
  request: { small: number; large: number; byOperation: Record<string, number>; verdict: 'PASS' | 'FAIL' };
  planning: { calls: number; perMachine: number; seconds: number };
  waves: number;
  waveSize: number;
  sending: { calls: number; perMachine: number; commands: number; seconds: number };
  watching: { calls: number; perMachine: number };
  report: { callsPerReport: number };
}

const MACHINES = Number(process.env.BENCH_ROLLOUT_MACHINES ?? 10_000);
const SMALL = 100;
const WAVES = 10;

export async function benchRollouts(): Promise<RolloutFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [
    { startStackProcess, depsForStack, dynamoOps, resetDynamoOps, stackEnvironment },
    { newPosRecord },
    { posItem, registryItem },
    { DynamoFirmwareRepository },
    { registerLocalWorkflows },
    { groupHandler },
    { stepRollout },
    { buildRolloutStepDeps },
    { applyMachineReport },
    { buildMachineReportDeps },
    { resetAll },
  ] = await Promise.all([
    import('../../infra/local/stack-process'),
    import('../../functions/core/devices/use-cases'),
    import('../../functions/adapters/dynamodb/machine-items'),
    import('../../functions/adapters/dynamodb/firmware-repository'),
    import('../../functions/runtime/workflows'),
    import('./invoke'),
    import('../../functions/core/rollouts/rollout-run'),
    import('../../functions/triggers/rollout-step/deps'),
    import('../../functions/core/rollouts/machine-report'),
    import('../../functions/triggers/iot-firmware/deps'),
    import('../../functions/runtime/lazy'),
  ]);
  const stack = await startStackProcess();
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const deps = depsForStack(info);
    const now = new Date().toISOString();
    const raw = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: info.dynamodb }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const count = async () => Object.entries(await dynamoOps(info));
    const total = (ops: Array<[string, number]>) => ops.reduce((n, [, v]) => n + v, 0);

    // Two merchants with FIRMWARE_UPDATE: 100 machines and MACHINES machines (POS items straight through BatchWriteItem).
    const fleets = {
      small: { id: 'bench-rollout-small', machines: SMALL, first: 90_000_001 },
      large: { id: 'bench-rollout-large', machines: MACHINES, first: 1 },
    };
    for (const f of Object.values(fleets)) {
      await deps.merchants.create({ ...benchMerchant(f.id, f.id, now), features: ['FIRMWARE_UPDATE'] });
      // Each machine's POS item and its registry item (the machine's reports resolve it there).
      const items = Array.from({ length: f.machines }, (_, i) => {
        const record = newPosRecord({
          serial: `CENG-${String(f.first + i).padStart(8, '0')}`,
          merchantId: f.id,
          name: `Machine ${i + 1}`,
          now,
          warrantyEnd: '2028-01-01',
        });
        return [posItem(record), registryItem(record)];
      }).flat();
      for (let i = 0; i < items.length; i += 25 * 8)
        await Promise.all(
          Array.from({ length: 8 }, async (_, k) => {
            const part = items.slice(i + k * 25, i + (k + 1) * 25);
            let request: Record<string, unknown[]> | undefined = part.length ? { [info.tableName]: part.map((Item) => ({ PutRequest: { Item } })) } : undefined;
            while (request && (request[info.tableName]?.length ?? 0) > 0)
              request = (await raw.send(new BatchWriteCommand({ RequestItems: request as never }))).UnprocessedItems as typeof request;
          }),
        );
    }
    const firmware = 'benchfw00-000000000001';
    await new DynamoFirmwareRepository(raw, info.tableName).create({
      id: firmware,
      major: 5,
      minor: 0,
      patch: 0,
      build: 1,
      version: '5.0.0+1',
      deviceType: 'CENG',
      level: 'Production',
      releaseDate: now.slice(0, 10),
      file: { fileName: 'bench.zip', contentType: 'application/zip', size: 1024, sha256: '0'.repeat(64) },
      fileKey: `firmware/${firmware}.zip`,
      rules: 0,
      createdAt: now,
      updatedAt: now,
    });

    // The request, through the group's handler; its workflow start recorded (the steps run below, counted apart).
    Object.assign(process.env, stackEnvironment(info), { LOCAL_WORKFLOWS: '1', IOT_DATA_ENDPOINT: info.iotData });
    const started: Array<{ merchantId: string; ruleId: string }> = [];
    registerLocalWorkflows({ start: async (_w, input) => void started.push(input as { merchantId: string; ruleId: string }) });
    const handler = (await groupHandler('firmware-rules', info)) as GroupHandler;
    const create = async (merchantId: string) => {
      const path = `/merchants/${merchantId}/firmware-rules`;
      const body = JSON.stringify({
        firmwareId: firmware,
        target: { kind: 'deviceType' },
        startAt: now,
        waves: { kind: 'count', count: WAVES },
        minMachines: 100,
        failureThresholdPercent: 10,
        machineTimeoutSeconds: 3600,
      });
      const res = await handler(
        {
          version: '2.0',
          routeKey: 'POST /api/v1/merchants/{id}/firmware-rules',
          pathParameters: { id: merchantId },
          rawPath: `/api/v1${path}`,
          rawQueryString: '',
          headers: { authorization, 'content-type': 'application/json' },
          requestContext: { requestId: 'bench', http: { method: 'POST', path: `/api/v1${path}`, sourceIp: '127.0.0.1' } },
          body,
          isBase64Encoded: false,
        } as never,
        {} as never,
      );
      if (res.statusCode !== 201) throw new Error(`POST ${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    };
    const requestCalls = async (merchantId: string) => {
      await resetDynamoOps(info);
      await create(merchantId);
      return count();
    };
    await create(fleets.small.id); // warm
    // Interleaved, 5 each, the median: what the caller's kept lookups (user, memberships) save varies by a call between requests.
    const smalls: number[] = [];
    const larges: Array<Array<[string, number]>> = [];
    for (let i = 0; i < 5; i++) {
      smalls.push(total(await requestCalls(fleets.small.id)));
      larges.push(await requestCalls(fleets.large.id));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const small = median(smalls);
    const large = median(larges.map(total));
    const largeOps = larges.find((ops) => total(ops) === large)!;

    // The large fleet's workflow, step by step.
    resetAll();
    const stepDeps = buildRolloutStepDeps();
    const input = { kind: 'firmware' as const, merchantId: fleets.large.id, ruleId: started.at(-1)!.ruleId };
    await resetDynamoOps(info);
    let t0 = performance.now();
    await stepRollout(stepDeps, input);
    const planning = { calls: total(await count()), seconds: (performance.now() - t0) / 1000 };
    await resetDynamoOps(info);
    t0 = performance.now();
    await stepRollout(stepDeps, input);
    const sendingCalls = await count();
    const sending = {
      calls: total(sendingCalls),
      seconds: (performance.now() - t0) / 1000,
      commands: Object.fromEntries(sendingCalls).TransactWriteItems ?? 0,
    };
    const waveSize = Math.ceil(MACHINES / WAVES);
    await resetDynamoOps(info);
    await stepRollout(stepDeps, input);
    const watching = total(await count());

    // A machine's report ("downloading") through the firmware trigger's use case, for 100 machines of the wave.
    const reportDeps = buildMachineReportDeps();
    const wave = await stepDeps.machines.wave('firmware', fleets.large.id, input.ruleId, 0);
    await applyMachineReport(reportDeps, wave[0]!.serial, { rolloutId: `firmware:${input.ruleId}:0`, state: 'downloading' }); // warm
    await resetDynamoOps(info);
    const reported = wave.slice(1, 101);
    for (const m of reported) await applyMachineReport(reportDeps, m.serial, { rolloutId: `firmware:${input.ruleId}:0`, state: 'downloading' });
    const report = { callsPerReport: total(await count()) / reported.length };
    raw.destroy();
    deps.doc.destroy();
    return {
      machines: MACHINES,
      request: { small, large, byOperation: Object.fromEntries(largeOps), verdict: small === large ? 'PASS' : 'FAIL' },
      planning: { ...planning, perMachine: planning.calls / MACHINES },
      waves: WAVES,
      waveSize,
      sending: { ...sending, perMachine: sending.calls / waveSize },
      watching: { calls: watching, perMachine: watching / waveSize },
      report,
    };
  } finally {
    await stack.stop();
  }
}

export function printRollouts(f: RolloutFigures, table: (headers: string[], rows: Array<Array<string | number>>) => string): void {
  console.log(
    table(
      ['what', 'DynamoDB calls', 'per machine', 'seconds', 'verdict'],
      [
        [`start a rollout: the request, ${SMALL} machines`, f.request.small, '', '', ''],
        [`start a rollout: the request, ${f.machines} machines`, f.request.large, '', '', f.request.verdict],
        [
          `step: plan ${f.machines} machines in ${f.waves} waves (no command)`,
          f.planning.calls,
          f.planning.perMachine.toFixed(3),
          f.planning.seconds.toFixed(1),
          '',
        ],
        [
          `step: send wave 1 (${f.waveSize} machines, a command each: ${f.sending.commands} command transactions with retries)`,
          f.sending.calls,
          f.sending.perMachine.toFixed(3),
          f.sending.seconds.toFixed(1),
          '',
        ],
        [`step: watch wave 1 (nothing changed)`, f.watching.calls, f.watching.perMachine.toFixed(3), '', ''],
        ['a machine’s report (iot-firmware)', f.report.callsPerReport.toFixed(2), '', '', ''],
      ],
    ),
  );
  console.log(`  the request's calls by operation (${f.machines} machines): ${JSON.stringify(f.request.byOperation)}`);
}

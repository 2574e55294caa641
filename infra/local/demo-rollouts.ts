/**
 * Acme's firmware rollouts on `npm start`: one finished last week (the version its machines run now), one aborted on
 * Thursday (a beta whose first wave failed: the later waves were cancelled), and one running, live: a new CENG firmware
 * going out to the simulated CENG machines two an hour (the first wave a minute after the start; CENG-00000008 is
 * told to fail it). The first two are history, written as the rollout left them (the stack's seed); the third is
 * started as the console starts one, by `npm start` once its simulated machines are connected, and every start resumes
 * it where it is (the local workflows do not outlive the process).
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { FirmwareRule } from '#schemas/firmware-rule';
import type { MachineRolloutState, RolloutWave } from '#schemas/rollout';
import { DynamoFirmwareRepository } from '../../functions/adapters/dynamodb/firmware-repository';
import { firmwareRuleRepository } from '../../functions/adapters/dynamodb/firmware-rule-repository';
import { DynamoRolloutMachines } from '../../functions/adapters/dynamodb/rollout-machines';
import { defaultS3Client } from '../../functions/adapters/s3/client';
import type { StoredFirmwareRule } from '../../functions/core/firmware/rules';
import type { StoredFirmware } from '../../functions/core/firmware/ports';
import { FINAL_ROLLOUT_STATUSES } from '#schemas/rollout';
import type { WorkflowStarter } from '../../functions/core/shared/workflows';
import { bucketName } from '../../functions/runtime/access';
import { DEMO_MACHINES } from './demo-data';
import type { LocalRepositories } from './repositories';

const MERCHANT = 'acme-vending';
const ADMIN = 'merchant.admin@demo.local';
const DAY = 86_400_000;
/** The machine of the running rollout told to fail its update (the simulator's failFirmware). */
export const DEMO_FAILING_FIRMWARE = new Set(['CENG-00000008']);

const iso = (ms: number) => new Date(ms).toISOString();
const serialsOf = (type: string) => DEMO_MACHINES.filter((m) => m.merchantId === MERCHANT && m.serial.startsWith(`${type}-`)).map((m) => m.serial);
const machineOf = (serial: string) => DEMO_MACHINES.find((m) => m.serial === serial);

interface DemoFirmware {
  id: string;
  major: number;
  minor: number;
  patch: number;
  build: number;
  deviceType: string;
  level: 'Production' | 'Beta';
}
const FIRMWARES: DemoFirmware[] = [
  { id: 'mhw0demo0-f00000000001', major: 3, minor: 4, patch: 1, build: 112, deviceType: 'CENG', level: 'Production' },
  { id: 'mhw0demo0-f00000000002', major: 3, minor: 5, patch: 0, build: 150, deviceType: 'CUNI', level: 'Beta' },
  { id: 'mhw0demo0-f00000000003', major: 3, minor: 5, patch: 0, build: 200, deviceType: 'CENG', level: 'Production' },
];
const RULES = { finished: 'mhw0demo0-a00000000001', aborted: 'mhw0demo0-a00000000002', running: 'mhw0demo0-a00000000003' };

async function putFirmware(repo: DynamoFirmwareRepository, f: DemoFirmware, at: string): Promise<StoredFirmware> {
  const version = `${f.major}.${f.minor}.${f.patch}+${f.build}`;
  const found = await repo.get(f.id);
  if (found) return found;
  // A small zip of its own (the local file header, then the version): the machines download and check it.
  const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(`demo firmware ${f.deviceType} ${version}\n`.repeat(64))]);
  const fileKey = `firmware/${f.id}.zip`;
  await defaultS3Client().send(new PutObjectCommand({ Bucket: bucketName('firmware'), Key: fileKey, Body: bytes, ContentType: 'application/zip' }));
  const stored: StoredFirmware = {
    ...f,
    version,
    releaseDate: at.slice(0, 10),
    file: {
      fileName: `${f.deviceType.toLowerCase()}-${version}.zip`,
      contentType: 'application/zip',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
    fileKey,
    rules: 0,
    createdAt: at,
    updatedAt: at,
  };
  await repo.create(stored);
  return stored;
}

const ruleOf = (id: string, f: StoredFirmware, serials: string[], over: Partial<FirmwareRule>, at: string): StoredFirmwareRule => ({
  id,
  merchantId: MERCHANT,
  status: 'running',
  target: { kind: 'machines', serials },
  startAt: at,
  waves: { kind: 'count', count: 2 },
  minMachines: 2,
  failureThresholdPercent: 50,
  machineTimeoutSeconds: 1800,
  maintenanceWindow: null,
  counts: {},
  createdAt: at,
  createdBy: ADMIN,
  updatedAt: at,
  firmwareId: f.id,
  version: f.version,
  deviceType: f.deviceType,
  ...over,
});

/** A finished rollout as it was left: its machines in their final states, wave by wave. */
async function pastRollout(
  deps: LocalRepositories,
  f: StoredFirmware,
  id: string,
  status: 'completed' | 'aborted',
  waves: Array<Array<[string, MachineRolloutState, string?]>>,
  at: number,
) {
  const rules = firmwareRuleRepository(deps.doc, deps.config.tableName);
  if (await rules.get(MERCHANT, id)) return;
  const machines = new DynamoRolloutMachines(deps.doc, deps.config.tableName);
  const progress: RolloutWave[] = waves.map((w, i) => {
    const counts: RolloutWave['counts'] = {};
    for (const [, state] of w) counts[state] = (counts[state] ?? 0) + 1;
    const sent = w.some(([, s]) => s !== 'cancelled');
    return { size: w.length, ...(sent ? { sentAt: iso(at + i * 3_600_000), finishedAt: iso(at + i * 3_600_000 + 1_500_000) } : {}), counts };
  });
  const counts: RolloutWave['counts'] = {};
  for (const w of progress) for (const [s, n] of Object.entries(w.counts) as Array<[MachineRolloutState, number]>) counts[s] = (counts[s] ?? 0) + n;
  const serials = waves.flat().map(([s]) => s);
  const running = ruleOf(id, f, serials, { startAt: iso(at), createdAt: iso(at - 3_600_000), updatedAt: iso(at) }, iso(at));
  await rules.create(running, f.id);
  await machines.plan(
    'firmware',
    waves.flatMap((w, wave) =>
      w.map(([serial, state, reason]) => ({
        merchantId: MERCHANT,
        ruleId: id,
        serial,
        posName: machineOf(serial)?.name ?? serial,
        groupId: machineOf(serial)?.groupId ?? null,
        wave,
        state,
        ...(reason ? { reason } : {}),
        ...(state !== 'cancelled'
          ? { sentAt: progress[wave]!.sentAt, commandId: `${id.slice(0, 10)}${String(wave).padStart(6, '0')}${serial.slice(-6)}` }
          : {}),
        updatedAt: progress[wave]!.finishedAt ?? iso(at),
      })),
    ),
  );
  const end = progress.findLast((w) => w.finishedAt)?.finishedAt ?? iso(at);
  await rules.transition(
    running,
    { ...running, status, counts, progress: { waves: progress, current: progress.filter((w) => w.sentAt).length - 1 }, updatedAt: end },
    f.id,
  );
}

/** The demo's firmwares, made once. */
const demoFirmwares = (deps: LocalRepositories, now: number) => {
  const repo = new DynamoFirmwareRepository(deps.doc, deps.config.tableName);
  return Promise.all(FIRMWARES.map((f, i) => putFirmware(repo, f, iso(now - (9 - i * 3) * DAY))));
};

/** Seeds the two past rollouts once (history: no command goes out). */
export async function seedDemoRollouts(deps: LocalRepositories): Promise<void> {
  const now = Date.now();
  const [current, beta] = await demoFirmwares(deps, now);
  const ceng = serialsOf('CENG');
  const cuni = serialsOf('CUNI');
  await pastRollout(
    deps,
    current!,
    RULES.finished,
    'completed',
    [ceng.slice(0, 4).map((s) => [s, 'updated'] as [string, MachineRolloutState]), ceng.slice(4).map((s) => [s, 'updated'] as [string, MachineRolloutState])],
    now - 8 * DAY,
  );
  await pastRollout(
    deps,
    beta!,
    RULES.aborted,
    'aborted',
    [
      cuni
        .slice(0, 2)
        .map(
          (s, i) =>
            [s, 'failed', i === 0 ? 'checksum mismatch' : 'installation failed: the new firmware did not start'] as [string, MachineRolloutState, string],
        ),
      cuni.slice(2).map((s) => [s, 'cancelled'] as [string, MachineRolloutState]),
    ],
    now - 4 * DAY,
  );
}

/**
 * The running rollout, made on a first start and (re)started at each: only when the simulator plays the machines
 * (start.ts), since its commands go out to them.
 */
export async function startDemoRollout(deps: LocalRepositories, workflows: WorkflowStarter): Promise<void> {
  const now = Date.now();
  const [, , next] = await demoFirmwares(deps, now);
  const rules = firmwareRuleRepository(deps.doc, deps.config.tableName);
  let running = await rules.get(MERCHANT, RULES.running);
  if (!running) {
    const at = iso(now);
    running = ruleOf(
      RULES.running,
      next!,
      [],
      {
        status: 'scheduled',
        target: { kind: 'deviceType' },
        // A minute after the start, so that the simulated machines are connected when the first wave goes out.
        startAt: iso(now + 60_000),
        waves: { kind: 'rate', perHour: 2 },
        minMachines: 4,
        machineTimeoutSeconds: 900,
      },
      at,
    );
    await rules.create(running, next!.id);
  }
  if (!FINAL_ROLLOUT_STATUSES.includes(running.status))
    await workflows.start('rollout', { kind: 'firmware', merchantId: MERCHANT, ruleId: RULES.running }, RULES.running);
}

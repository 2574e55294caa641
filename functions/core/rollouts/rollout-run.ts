/**
 * The rollout workflow's step (the Task state of the rollout state machine, which waits between steps): one look at a
 * rule's rollout, applying rollout-plan.ts's decisions and storing what changed.
 *
 * - At the rule date its machines are planned in waves (one queued item each); nothing is sent yet.
 * - The wave being watched: machines that reported "updating" are checked against their telemetry's version
 *   (updated only then), machines past their timeout time out; once all of its machines have finished, the wave is.
 * - The failures abort the rollout past the threshold (after the minimum of machines): later waves are cancelled.
 * - The next wave goes out when the wave before has finished and nothing holds it (pause, the maintenance window, the
 *   rate's hour): its commands are minted then, each with a download link minted now (valid at most an hour) and the
 *   file's SHA-256; a machine already on the version is skipped.
 * - Cancelled: the machines not sent are cancelled and so are those still under way.
 *
 * A step's work is bounded by one wave; what a step did not finish (a lost race with a pause) the next one does.
 */
import { FINAL_ROLLOUT_STATUSES, type MachineRolloutState, type RolloutProgress, type RolloutTarget, type RolloutWave } from '#schemas/rollout';
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot-constants';
import { COMMAND_STATUS } from '#schemas/remote-command';
import { commandMessage, commandTopic, messageBytes, newCommandId } from '../remote-commands/delivery';
import type { CommandPublisher, CommandSettings, RemoteCommandRepository, StoredCommand } from '../remote-commands/ports';
import { FINAL_MACHINE_STATES, holdOf, planWaves, shouldAbort, waveFinished, watchedState } from './rollout-plan';
import { RELEASE_KINDS, rolloutIdOf, type ReleaseKind } from './release-kinds';
import type { RuleRepository, StoredRule } from './rules';
import { deviceTypeOf } from './rules';

/** What a rollout delivers: the release's version, device type, file and checksum (and its peripheral, if any). */
export interface DeliverableRelease {
  id: string;
  version: string;
  deviceType: string;
  fileKey: string;
  sha256: string;
  peripheral?: string;
}

/** A machine of a rollout as stored (ACCESS-PATTERNS R3). */
export interface StoredRolloutMachine {
  merchantId: string;
  ruleId: string;
  serial: string;
  posName: string;
  groupId: string | null;
  wave: number;
  state: MachineRolloutState;
  reason?: string;
  sentAt?: string;
  commandId?: string;
  updatedAt: string;
}

/** A rollout's machines (adapters/dynamodb/rollout-machines.ts). */
export interface RolloutMachineStore {
  /** Stores the planned machines (queued), whatever the number. */
  plan(kind: ReleaseKind, machines: readonly StoredRolloutMachine[]): Promise<void>;
  wave(kind: ReleaseKind, merchantId: string, ruleId: string, wave: number): Promise<StoredRolloutMachine[]>;
  get(kind: ReleaseKind, merchantId: string, ruleId: string, wave: number, serial: string): Promise<StoredRolloutMachine | undefined>;
  /** Writes `next` if the machine is still as `previous` was read (state and updatedAt); false otherwise. */
  move(kind: ReleaseKind, previous: StoredRolloutMachine, next: StoredRolloutMachine): Promise<boolean>;
}

/** The target's machines of a device type (the merchant's, a group's, or those chosen). */
export interface TargetMachine {
  serial: string;
  posName: string;
  groupId: string | null;
}

export interface RolloutKindDeps<R extends StoredRule = StoredRule> {
  rules: RuleRepository<R>;
  release(id: string): Promise<DeliverableRelease | undefined>;
  releaseIdOf(rule: R): string;
  /** A presigned GET of the release's file for a machine, valid `seconds`. */
  machineLink(fileKey: string, seconds: number): Promise<string>;
}

export interface RolloutSettings {
  /** Seconds between two steps while a wave runs. */
  pollSeconds: number;
  /** Seconds between two steps while the next wave is held (pause, maintenance window, rate) and none runs: a resume is seen within it. */
  holdSeconds: number;
  /** The longest single wait (before the rule date). */
  maxWaitSeconds: number;
  /** How long a download link lives (at most an hour). */
  linkSeconds: number;
}

export interface RolloutRunDeps {
  kinds: Partial<Record<ReleaseKind, RolloutKindDeps<any>>>;
  machines: RolloutMachineStore;
  targets: { machines(merchantId: string, target: RolloutTarget, deviceType: string): Promise<TargetMachine[]> };
  /** The versions the machines' telemetry reports now, by serial. */
  reportedVersions(merchantId: string, serials: readonly string[]): Promise<Map<string, string>>;
  timeZoneOf(merchantId: string): Promise<string>;
  remoteCommands: Pick<RemoteCommandRepository, 'create' | 'finish'>;
  commandPublisher: CommandPublisher;
  commandSettings: CommandSettings;
  settings: RolloutSettings;
  now: () => string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface RolloutStepInput {
  kind: ReleaseKind;
  merchantId: string;
  ruleId: string;
}

export interface RolloutStepOutput extends RolloutStepInput {
  /** The execution ends: the rollout finished (completed, aborted, cancelled) and no machine is under way. */
  done: boolean;
  waitSeconds: number;
  status?: string;
}

type Counts = Partial<Record<MachineRolloutState, number>>;

/** Machines a step handles at once (sends, moves): a wave of thousands fits in a step, the table sees a steady rate. */
const PARALLEL_MACHINES = 16;

async function eachMachine<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_MACHINES, items.length) }, worker));
  return out;
}

const countsOf = (machines: readonly Pick<StoredRolloutMachine, 'state'>[]): Counts => {
  const counts: Counts = {};
  for (const m of machines) counts[m.state] = (counts[m.state] ?? 0) + 1;
  return counts;
};

const sum = (waves: readonly RolloutWave[]): Counts => {
  const total: Counts = {};
  for (const w of waves) for (const [s, n] of Object.entries(w.counts) as Array<[MachineRolloutState, number]>) if (n) total[s] = (total[s] ?? 0) + n;
  return total;
};

const sameCounts = (a: Counts, b: Counts) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** A machine moved to `state` (conditional on the state read); the machine as it now is, or as read when it moved meanwhile. */
async function moveMachine(
  deps: RolloutRunDeps,
  kind: ReleaseKind,
  m: StoredRolloutMachine,
  changes: Partial<StoredRolloutMachine>,
): Promise<StoredRolloutMachine> {
  const next = { ...m, ...changes, updatedAt: deps.now() };
  if (await deps.machines.move(kind, m, next)) return next;
  return (await deps.machines.get(kind, m.merchantId, m.ruleId, m.wave, m.serial)) ?? m;
}

/** The watched wave's machines after the versions reported and the timeouts. */
async function watchWave<R extends StoredRule>(
  deps: RolloutRunDeps,
  kind: ReleaseKind,
  rule: R,
  version: string,
  wave: number,
): Promise<StoredRolloutMachine[]> {
  const machines = await deps.machines.wave(kind, rule.merchantId, rule.id, wave);
  const updating = machines.filter((m) => m.state === 'updating').map((m) => m.serial);
  const versions = updating.length > 0 ? await deps.reportedVersions(rule.merchantId, updating) : new Map<string, string>();
  const now = deps.now();
  return eachMachine(machines, async (m) => {
    const state = watchedState({ state: m.state, sentAt: m.sentAt, reportedVersion: versions.get(m.serial) }, version, rule.machineTimeoutSeconds, now);
    if (state === m.state) return m;
    return moveMachine(deps, kind, m, { state, ...(state === 'timedOut' ? { reason: `no new version within ${rule.machineTimeoutSeconds} s` } : {}) });
  });
}

/** Cancels the machines of a wave that have not finished (queued, or under way when `underWay`). */
async function cancelWave(deps: RolloutRunDeps, kind: ReleaseKind, rule: StoredRule, wave: number, underWay: boolean): Promise<StoredRolloutMachine[]> {
  const machines = await deps.machines.wave(kind, rule.merchantId, rule.id, wave);
  return eachMachine(machines, async (m) =>
    FINAL_MACHINE_STATES.has(m.state) || (!underWay && m.state !== 'queued') ? m : moveMachine(deps, kind, m, { state: 'cancelled' }),
  );
}

/** Sends a wave: a command per machine with a fresh link and the checksum; machines on the version already are skipped. */
async function sendWave(deps: RolloutRunDeps, kind: ReleaseKind, kindDeps: RolloutKindDeps, rule: StoredRule, release: DeliverableRelease, wave: number) {
  const machines = await deps.machines.wave(kind, rule.merchantId, rule.id, wave);
  const versions = await deps.reportedVersions(
    rule.merchantId,
    machines.map((m) => m.serial),
  );
  const spec = RELEASE_KINDS[kind];
  const url = await kindDeps.machineLink(release.fileKey, deps.settings.linkSeconds);
  return eachMachine(machines, async (m) => {
    if (m.state !== 'queued') return m;
    if (versions.get(m.serial) === release.version) return moveMachine(deps, kind, m, { state: 'skipped', reason: `already on ${release.version}` });
    return sendCommand(deps, kind, rule, release, m, spec.command, spec.peripheralCommand, url);
  });
}

async function sendCommand(
  deps: RolloutRunDeps,
  kind: ReleaseKind,
  rule: StoredRule,
  release: DeliverableRelease,
  m: StoredRolloutMachine,
  command: number,
  peripheralCommand: number,
  url: string,
): Promise<StoredRolloutMachine> {
  const now = deps.now();
  const params = {
    ...(release.peripheral ? { peripheral: release.peripheral } : {}),
    version: release.version,
    url,
    sha256: release.sha256,
    deviceType: release.deviceType,
    rolloutId: rolloutIdOf(kind, rule.id, m.wave),
  };
  const stored: StoredCommand = {
    id: newCommandId(now),
    serial: m.serial,
    posName: m.posName,
    merchantId: rule.merchantId,
    groupId: m.groupId,
    type: release.peripheral ? peripheralCommand : command,
    params,
    status: COMMAND_STATUS.scheduled,
    result: null,
    message: null,
    createdAt: now,
    createdBy: rule.createdBy,
    scheduledAt: null,
    startAt: now,
    endAt: null,
    attempts: 1,
    dueAt: new Date(Date.parse(now) + deps.commandSettings.retryAfterSeconds * 1000).toISOString(),
  };
  if (messageBytes(stored) > MAX_CLOUD_MESSAGE_BYTES) return moveMachine(deps, kind, m, { state: 'failed', reason: 'command too large' });
  const created = await deps.remoteCommands.create(stored);
  if (created.kind === 'pending') return moveMachine(deps, kind, m, { state: 'failed', reason: 'another update of this kind is pending on the machine' });
  if (created.kind !== 'created') return moveMachine(deps, kind, m, { state: 'failed', reason: 'the machine is no longer in the merchant' });
  // Sent before the command goes out: a report the machine makes at once finds it sent.
  const sent = await moveMachine(deps, kind, m, { state: 'sent', sentAt: now, commandId: stored.id });
  try {
    await deps.commandPublisher.publish(commandTopic(m.serial), commandMessage(stored, 1, now));
  } catch (error) {
    deps.log?.('warn', 'rollout command publish failed; the command sweep publishes it again', { serial: m.serial, commandId: stored.id, error });
  }
  return sent;
}

/** Plans the rule's machines in waves (at its start): the progress, or undefined when nothing targets. */
async function plan(deps: RolloutRunDeps, kind: ReleaseKind, rule: StoredRule, release: DeliverableRelease): Promise<RolloutProgress> {
  const targets = (await deps.targets.machines(rule.merchantId, rule.target, release.deviceType)).filter((t) => deviceTypeOf(t.serial) === release.deviceType);
  const waves = planWaves(targets, rule.waves);
  const now = deps.now();
  await deps.machines.plan(
    kind,
    waves.flatMap((machines, wave) =>
      machines.map((t) => ({
        merchantId: rule.merchantId,
        ruleId: rule.id,
        serial: t.serial,
        posName: t.posName,
        groupId: t.groupId,
        wave,
        state: 'queued' as const,
        updatedAt: now,
      })),
    ),
  );
  return { waves: waves.map((w) => ({ size: w.length, counts: { queued: w.length } })), current: -1 };
}

/** One step of a rule's rollout. */
export async function stepRollout(deps: RolloutRunDeps, input: RolloutStepInput): Promise<RolloutStepOutput> {
  const kindDeps = deps.kinds[input.kind];
  if (!kindDeps) throw new Error(`no rollout deps for kind ${input.kind}`);
  const { pollSeconds } = deps.settings;
  const rule: StoredRule | undefined = await kindDeps.rules.get(input.merchantId, input.ruleId);
  if (!rule) return { ...input, done: true, waitSeconds: 0 };
  const release = await kindDeps.release(kindDeps.releaseIdOf(rule));
  const now = deps.now();
  const out = (done: boolean, waitSeconds = pollSeconds, status = rule.status): RolloutStepOutput => ({ ...input, done, waitSeconds, status });

  let progress = rule.progress;
  let status = rule.status;
  if (!progress) {
    if (FINAL_ROLLOUT_STATUSES.includes(status)) return out(true);
    if (status === 'paused') return out(false, deps.settings.holdSeconds);
    if (now < rule.startAt)
      return out(false, Math.max(1, Math.min(deps.settings.maxWaitSeconds, Math.ceil((Date.parse(rule.startAt) - Date.parse(now)) / 1000))));
    if (!release) {
      await save(deps, kindDeps, rule, { status: 'aborted', progress: { waves: [], current: -1 }, counts: {} });
      return out(true, 0, 'aborted');
    }
    progress = await plan(deps, input.kind, rule, release);
    status = progress.waves.length === 0 ? 'completed' : 'running';
    const saved = await save(deps, kindDeps, rule, { status, progress, counts: sum(progress.waves) });
    deps.log?.('info', 'rollout planned', { ...input, machines: progress.waves.reduce((n, w) => n + w.size, 0), waves: progress.waves.length, saved });
    return out(status === 'completed', pollSeconds, status);
  }

  const waves = progress.waves.map((w) => ({ ...w, counts: { ...w.counts } }));
  let current = progress.current;
  const ended = FINAL_ROLLOUT_STATUSES.includes(status);
  let underWay = false;
  let held = false;

  // The wave being watched.
  if (current >= 0 && !waves[current]!.finishedAt) {
    const machines =
      status === 'cancelled' || !release
        ? await cancelWave(deps, input.kind, rule, current, true)
        : await watchWave(deps, input.kind, rule, release.version, current);
    waves[current]!.counts = countsOf(machines);
    if (waveFinished(machines.map((m) => m.state))) waves[current]!.finishedAt = now;
    else underWay = true;
  }

  // Abort past the threshold (or a release gone): later waves never get the command.
  if (!ended && (!release || shouldAbort(sum(waves), rule.minMachines, rule.failureThresholdPercent))) status = 'aborted';
  if (FINAL_ROLLOUT_STATUSES.includes(status)) {
    for (let w = current + 1; w < waves.length; w++) {
      if (waves[w]!.counts.queued) waves[w]!.counts = countsOf(await cancelWave(deps, input.kind, rule, w, false));
    }
  } else if (current < 0 || waves[current]!.finishedAt) {
    if (current === waves.length - 1) status = 'completed';
    else {
      const timeZone = await deps.timeZoneOf(rule.merchantId);
      const hold = holdOf({ ...rule, status, previousWaveSentAt: current >= 0 ? waves[current]!.sentAt : undefined }, timeZone, now);
      held = !!hold;
      if (!hold && release) {
        current += 1;
        waves[current]!.sentAt = now;
        const machines = await sendWave(deps, input.kind, kindDeps, rule, release, current);
        waves[current]!.counts = countsOf(machines);
        if (waveFinished(machines.map((m) => m.state))) waves[current]!.finishedAt = now;
        else underWay = true;
      }
    }
  }

  const next = { waves, current };
  const counts = sum(waves);
  const changed =
    status !== rule.status ||
    current !== progress.current ||
    !sameCounts(counts, rule.counts as Counts) ||
    JSON.stringify(waves) !== JSON.stringify(progress.waves);
  if (changed && !(await save(deps, kindDeps, rule, { status, progress: next, counts }))) return out(false, 1);
  const done = FINAL_ROLLOUT_STATUSES.includes(status) && !underWay;
  if (status !== rule.status) deps.log?.('info', 'rollout status', { ...input, from: rule.status, to: status });
  return out(done, held && !underWay ? deps.settings.holdSeconds : pollSeconds, status);
}

/** Writes the rule's progress if it is still as read (a pause or cancel meanwhile wins: the next step sees it). */
async function save<R extends StoredRule>(
  deps: RolloutRunDeps,
  kindDeps: RolloutKindDeps<R>,
  rule: R,
  changes: Pick<StoredRule, 'status' | 'progress' | 'counts'>,
) {
  const next = { ...rule, ...changes, updatedAt: deps.now() } as R;
  return kindDeps.rules.transition(rule, next, kindDeps.releaseIdOf(rule));
}

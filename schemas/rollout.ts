/**
 * Staged rollouts of a release (firmware, cash databases) to a merchant's machines (issue 32): the target, the start
 * date, the waves (a count or a rate per hour), the abort threshold after a minimum of machines, the per-machine
 * timeout and an optional maintenance window in the merchant's time zone. The rule kinds reuse these parts.
 */
import * as z from 'zod/mini';
import { GroupId } from './group';
import { MerchantId } from './merchant';
import { page, pageQuery } from './paging';
import { Serial } from './pos';

export const ROLLOUT_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'aborted', 'cancelled'] as const;
export const RolloutStatus = z.enum(ROLLOUT_STATUSES);
export type RolloutStatus = z.infer<typeof RolloutStatus>;
/** Statuses a rollout never leaves. */
export const FINAL_ROLLOUT_STATUSES: readonly RolloutStatus[] = ['completed', 'aborted', 'cancelled'];

/** A machine's state in a rollout, as it reports it (MQTT) or the rollout decides it (timed out, skipped, cancelled). */
export const MACHINE_ROLLOUT_STATES = [
  'queued',
  'sent',
  'downloading',
  'downloaded',
  'verified',
  'updating',
  'updated',
  'failed',
  'timedOut',
  'skipped',
  'cancelled',
] as const;
export type MachineRolloutState = (typeof MACHINE_ROLLOUT_STATES)[number];

/** The most machines a rule may name one by one. */
export const MAX_CHOSEN_MACHINES = 1_000;
export const MAX_WAVES = 100;

const int = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .check(z.int(`${what} must be a whole number`), z.gte(min, `${what} from ${min}`), z.lte(max, `${what} up to ${max}`));
const HourMinute = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM'));

export const RolloutTarget = z.discriminatedUnion('kind', [
  /** Every machine of the release's device type in the merchant. */
  z.strictObject({ kind: z.literal('deviceType') }),
  z.strictObject({ kind: z.literal('group'), groupId: GroupId }),
  z.strictObject({ kind: z.literal('machines'), serials: z.array(Serial).check(z.minLength(1, 'at least one machine'), z.maxLength(MAX_CHOSEN_MACHINES)) }),
]);
export type RolloutTarget = z.infer<typeof RolloutTarget>;

export const RolloutWaves = z.discriminatedUnion('kind', [
  /** The machines split into `count` waves, each sent once the one before has finished. */
  z.strictObject({ kind: z.literal('count'), count: int(1, MAX_WAVES, 'wave count') }),
  /** Waves of `perHour` machines, one an hour (and never before the one before has finished). */
  z.strictObject({ kind: z.literal('rate'), perHour: int(1, 100_000, 'machines per hour') }),
]);
export type RolloutWaves = z.infer<typeof RolloutWaves>;

/** When machines may update, in the merchant's time zone (from before to; a window over midnight is two rules). */
export const MaintenanceWindow = z
  .strictObject({ from: HourMinute, to: HourMinute })
  .check(z.refine((w) => w.from < w.to, { message: 'the window must end after it starts', path: ['to'] }));
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;

/** What every rule kind's rollout is made of. */
export const rolloutPlanShape = {
  target: RolloutTarget,
  /** The rule date: no command goes out before it. */
  startAt: z.iso.datetime({ offset: true, error: 'startAt: an ISO date and time' }),
  waves: RolloutWaves,
  /** Machines that must have finished before the failure threshold can abort the rollout. */
  minMachines: int(0, 100_000, 'minMachines'),
  /** Failed and timed-out machines, in percent of the finished ones, past which the rollout aborts. */
  failureThresholdPercent: z.number({ error: 'failureThresholdPercent must be a number' }).check(z.gte(0, 'from 0 %'), z.lte(100, 'up to 100 %')),
  /** A machine that has not reported the new version this long after its command went out has timed out. */
  machineTimeoutSeconds: int(1, 7 * 86_400, 'machineTimeoutSeconds'),
  maintenanceWindow: z._default(z.nullable(MaintenanceWindow), null),
};

/** Machines per state. */
export const RolloutCounts = z.record(z.enum(MACHINE_ROLLOUT_STATES), z.number());

/** A wave of a running rollout: its machines, when its commands went out and when all of them had finished. */
export const RolloutWave = z.object({
  size: z.number(),
  sentAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  counts: z.partialRecord(z.enum(MACHINE_ROLLOUT_STATES), z.number()),
});
export type RolloutWave = z.infer<typeof RolloutWave>;

/** Where a rollout is: its waves (planned when it starts) and the wave being watched (-1 before the first goes out). */
export const RolloutProgress = z.object({ waves: z.array(RolloutWave), current: z.number() });
export type RolloutProgress = z.infer<typeof RolloutProgress>;

export const rolloutRuleShape = {
  id: z.string(),
  merchantId: z.string(),
  status: RolloutStatus,
  target: RolloutTarget,
  startAt: z.string(),
  waves: RolloutWaves,
  minMachines: z.number(),
  failureThresholdPercent: z.number(),
  machineTimeoutSeconds: z.number(),
  maintenanceWindow: z.nullable(MaintenanceWindow),
  /** Machines per state, over every wave (empty until the rollout has planned its machines). */
  counts: z.partialRecord(z.enum(MACHINE_ROLLOUT_STATES), z.number()),
  /** Absent until the rollout has planned its machines (at its start date). */
  progress: z.optional(RolloutProgress),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
};

export const RuleId = z.string().check(z.regex(/^[0-9a-z]{9}-[0-9a-f]{12}$/, 'invalid rule id'));
export const RuleParams = z.strictObject({ id: MerchantId, ruleId: RuleId });
export const ruleListQuery = () => pageQuery(['createdAt'] as const, { status: z.optional(RolloutStatus) });

/** One machine of a rollout: its wave, its state and why it failed, when its command went out. */
export const RolloutMachine = z.object({
  serial: z.string(),
  posName: z.string(),
  wave: z.number(),
  state: z.enum(MACHINE_ROLLOUT_STATES),
  reason: z.optional(z.string()),
  sentAt: z.optional(z.string()),
  commandId: z.optional(z.string()),
  updatedAt: z.string(),
});
export type RolloutMachine = z.infer<typeof RolloutMachine>;
export const RolloutMachinePage = page(RolloutMachine);
/** GET …/{ruleId}/machines: one wave's machines (serial order). */
export const RolloutMachineQuery = pageQuery(['serial'] as const, {
  wave: z.coerce.number().check(z.int('wave: a whole number'), z.gte(0, 'wave from 0'), z.lte(100_000, 'wave up to 100000')),
});
export type RolloutMachineQuery = z.infer<typeof RolloutMachineQuery>;

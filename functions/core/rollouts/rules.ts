/**
 * Rules that roll a release (a firmware, a cash database) out to a merchant's machines: made with the release they
 * name (which counts the rules using it, so it cannot be deleted meanwhile), their target checked against the
 * release's device type, paused, resumed and cancelled. Each kind (firmware rules, cash database rules) gives its
 * release catalogue and its codes; the rest is here.
 */
import type { Page } from '#schemas/paging';
import { FINAL_ROLLOUT_STATUSES, type RolloutMachine, type RolloutProgress, type RolloutStatus, type RolloutTarget } from '#schemas/rollout';
import type { Merchant } from '#schemas/merchant';
import { recordChange } from '../audit/change-recorder';
import { getMerchant } from '../merchants/use-cases';
import type { MerchantRepository } from '../merchants/ports';
import type { PosReader } from '../devices/ports';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { timeOrderedId } from '../shared/time-ordered-id';
import type { WorkflowStarter } from '../shared/workflows';
import type { ReleaseKind } from './release-kinds';
import { InvalidRuleTargetException, RuleNotFoundException, RuleReleaseNotFoundException, RuleStatusConflictException } from './errors';

/** What a rule rolls out: a release of one device type. */
export interface Release {
  id: string;
  version: string;
  deviceType: string;
}

/** The fields every rule kind stores (schemas/rollout.ts rolloutRuleShape) and its release's. */
export interface StoredRule {
  id: string;
  merchantId: string;
  status: RolloutStatus;
  target: RolloutTarget;
  startAt: string;
  waves: { kind: 'count'; count: number } | { kind: 'rate'; perHour: number };
  minMachines: number;
  failureThresholdPercent: number;
  machineTimeoutSeconds: number;
  maintenanceWindow: { from: string; to: string } | null;
  counts: Partial<Record<string, number>>;
  /** The waves and the one being watched, once the rollout has planned its machines (rollout-run.ts). */
  progress?: RolloutProgress;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  /** The status a paused rule resumes to. */
  pausedFrom?: RolloutStatus;
}

export interface RuleSlice {
  status?: RolloutStatus;
  ordType: 'asc' | 'desc';
  offset: number;
  limit: number;
  cursor?: string;
}

/** A kind's rules (adapters/dynamodb/rollout-rule-repository.ts). */
export interface RuleRepository<R extends StoredRule> {
  /** The rule and one more use of its release, in one transaction: 'releaseMissing' when the release is gone. */
  create(rule: R, releaseId: string): Promise<'created' | 'releaseMissing'>;
  get(merchantId: string, id: string): Promise<R | undefined>;
  list(merchantId: string, slice: RuleSlice): Promise<{ items: R[]; cursor?: string }>;
  count(merchantId: string, status?: RolloutStatus): Promise<number>;
  /** Moves the rule still at `previous.updatedAt` and `previous.status` to `next`; a final status frees its release. */
  transition(previous: R, next: R, releaseId: string): Promise<boolean>;
}

/**
 * A kind of rule: its release catalogue, the field naming the release and the code when it is missing, and the kind of
 * release its rollout delivers (release-kinds.ts: the commands and the bucket). A kind without one (cash databases, for
 * now) keeps its rules, which no engine rolls out yet.
 */
export interface RuleKind<R extends StoredRule> {
  entity: string;
  releaseKind?: ReleaseKind;
  releaseField: string;
  releaseNotFoundCode: string;
  release(id: string): Promise<Release | undefined>;
  releaseIdOf(rule: R): string;
}

export interface RuleDeps<R extends StoredRule> {
  merchants: Pick<MerchantRepository, 'get'>;
  groups: { get(merchantId: string, id: string): Promise<unknown> };
  pos: Pick<PosReader, 'registration'>;
  rules: RuleRepository<R>;
  /** Starts the rule's rollout workflow (core/rollouts/rollout-run.ts drives it), for a kind the engine delivers. */
  workflows?: WorkflowStarter;
  now: () => string;
}

/** The device type of a machine is its serial's prefix (`CENG-00000001`). */
export const deviceTypeOf = (serial: string) => serial.slice(0, serial.lastIndexOf('-'));

/** The target holds only the merchant's own group, or its own machines of the release's device type. */
async function checkTarget(deps: Pick<RuleDeps<StoredRule>, 'groups' | 'pos'>, merchantId: string, release: Release, target: RolloutTarget): Promise<void> {
  if (target.kind === 'group' && !(await deps.groups.get(merchantId, target.groupId)))
    throw new InvalidRuleTargetException('groupId', 'no such group of this distributor');
  if (target.kind !== 'machines') return;
  for (const [i, serial] of target.serials.entries()) {
    if (deviceTypeOf(serial) !== release.deviceType)
      throw new InvalidRuleTargetException(`serials.${i}`, `${serial} is not a ${release.deviceType} machine: the release is for ${release.deviceType}`);
    const registration = await deps.pos.registration(serial);
    if (registration?.merchantId !== merchantId) throw new InvalidRuleTargetException(`serials.${i}`, `${serial} is not a machine of this distributor`);
  }
}

/**
 * A new rule of `kind` in status scheduled: its release must exist (else the kind's code, 400 naming the field), its
 * target must fit the release's device type; its rollout workflow starts. Bounded: the target's machines are planned by the
 * rollout, not here.
 */
export async function createRule<R extends StoredRule, B extends { target: RolloutTarget }>(
  deps: RuleDeps<R>,
  kind: RuleKind<R>,
  principal: Principal,
  merchantId: string,
  body: B,
  releaseId: string,
  build: (base: StoredRule, release: Release, merchant: Merchant) => R,
): Promise<R> {
  const merchant = await getMerchant(deps, principal, merchantId);
  const release = await kind.release(releaseId);
  if (!release) throw new RuleReleaseNotFoundException(kind.releaseNotFoundCode, kind.releaseField);
  await checkTarget(deps, merchantId, release, body.target);
  const now = deps.now();
  const { [kind.releaseField]: _release, ...plan } = body as Record<string, unknown>;
  const base = {
    ...(plan as unknown as StoredRule),
    id: timeOrderedId(now),
    merchantId,
    status: 'scheduled',
    counts: {},
    createdAt: now,
    createdBy: principal.email,
    updatedAt: now,
  } as StoredRule;
  const rule = build(base, release, merchant);
  if ((await deps.rules.create(rule, release.id)) === 'releaseMissing') throw new RuleReleaseNotFoundException(kind.releaseNotFoundCode, kind.releaseField);
  recordChange(kind.entity, rule.id, undefined, rule);
  // Bounded: one execution named by the rule (a repeat starts nothing); it plans the machines at the rule date.
  if (kind.releaseKind && deps.workflows) await deps.workflows.start('rollout', { kind: kind.releaseKind, merchantId, ruleId: rule.id }, rule.id);
  return rule;
}

async function requireRule<R extends StoredRule>(deps: RuleDeps<R>, principal: Principal, merchantId: string, id: string): Promise<R> {
  await getMerchant(deps, principal, merchantId);
  const rule = await deps.rules.get(merchantId, id);
  if (!rule) throw new RuleNotFoundException();
  return rule;
}

export const getRule = <R extends StoredRule>(deps: RuleDeps<R>, principal: Principal, merchantId: string, id: string) =>
  requireRule(deps, principal, merchantId, id);

export async function listRules<R extends StoredRule>(
  deps: RuleDeps<R>,
  principal: Principal,
  merchantId: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string; status?: RolloutStatus },
): Promise<Page<R>> {
  await getMerchant(deps, principal, merchantId);
  const [slice, total] = await Promise.all([
    deps.rules.list(merchantId, { status: q.status, ordType: q.ordType, offset: (q.page - 1) * q.size, limit: q.size, cursor: q.cursor }),
    deps.rules.count(merchantId, q.status),
  ]);
  return pageOf(q, slice, total);
}

export type RuleAction = 'pause' | 'resume' | 'cancel';

/** The status an action moves a rule to, or undefined when the rule's status does not allow it. */
export function nextStatus(rule: Pick<StoredRule, 'status' | 'pausedFrom'>, action: RuleAction): RolloutStatus | undefined {
  if (action === 'pause') return rule.status === 'scheduled' || rule.status === 'running' ? 'paused' : undefined;
  if (action === 'resume') return rule.status === 'paused' ? (rule.pausedFrom ?? 'scheduled') : undefined;
  return FINAL_ROLLOUT_STATUSES.includes(rule.status) ? undefined : 'cancelled';
}

const PAST: Record<RuleAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };
const MAX_ATTEMPTS = 5;

/** Pause (the next wave is held), resume, cancel (no further command goes out; the release is free again). */
export async function changeRule<R extends StoredRule>(
  deps: RuleDeps<R>,
  kind: RuleKind<R>,
  principal: Principal,
  merchantId: string,
  id: string,
  action: RuleAction,
): Promise<R> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const rule = await requireRule(deps, principal, merchantId, id);
    const status = nextStatus(rule, action);
    if (!status) throw new RuleStatusConflictException(rule.status, PAST[action]);
    const { pausedFrom: _from, ...rest } = rule;
    const next = { ...rest, status, updatedAt: deps.now(), ...(action === 'pause' ? { pausedFrom: rule.status } : {}) } as R;
    if (!(await deps.rules.transition(rule, next, kind.releaseIdOf(rule)))) continue;
    recordChange(kind.entity, id, rule, next);
    return next;
  }
  throw new Error(`rule ${id} kept changing during ${MAX_ATTEMPTS} attempts`);
}

/** A page of a rollout's machines (adapters/dynamodb/rollout-machines.ts). */
export interface RolloutMachinePages {
  page(
    kind: ReleaseKind,
    merchantId: string,
    ruleId: string,
    wave: number,
    slice: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ): Promise<{ items: RolloutMachine[]; cursor?: string }>;
}

/** One wave's machines of a rule, in serial order: each one's state, why it failed, when its command went out. */
export async function listRolloutMachines<R extends StoredRule>(
  deps: RuleDeps<R> & { rolloutMachines: RolloutMachinePages },
  kind: RuleKind<R>,
  principal: Principal,
  merchantId: string,
  id: string,
  q: { wave: number; page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<RolloutMachine>> {
  const rule = await requireRule(deps, principal, merchantId, id);
  const total = rule.progress?.waves[q.wave]?.size ?? 0;
  if (total === 0 || !kind.releaseKind) return pageOf(q, { items: [] }, 0);
  const slice = await deps.rolloutMachines.page(kind.releaseKind, merchantId, id, q.wave, {
    offset: (q.page - 1) * q.size,
    limit: q.size,
    ordType: q.ordType,
    cursor: q.cursor,
  });
  return pageOf(
    q,
    {
      items: slice.items.map(({ serial, posName, wave, state, reason, sentAt, commandId, updatedAt }) => ({
        serial,
        posName,
        wave,
        state,
        reason,
        sentAt,
        commandId,
        updatedAt,
      })),
      ...(slice.cursor ? { cursor: slice.cursor } : {}),
    },
    total,
  );
}

/**
 * What a mutating call tells the audit trail beyond what its route and answer say: the fields it changed (before →
 * after), and, for a caller without a console sign-in, who it is and its merchant. The manifest's middleware opens
 * one recorder per mutating call around the handler; use cases (or repositories) fill it with one line where they
 * already hold both states, without any handler passing it along. Outside a mutating call (a trigger, a seed) the
 * calls do nothing.
 *
 * The recorder also makes the call's first table write carry the call's pending entry (an intent,
 * adapters/dynamodb/audit-trail-intents.ts): the middleware installs `beforeWrite`, the document client runs every
 * write through `aroundTableWrite`. So no change commits without either its entry or an intent the audit sweep turns
 * into one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditTrailActor, AuditTrailChange } from '#schemas/audit';
import { AUDIT_TRAIL_SECRET_VALUE } from '#schemas/audit-constants';

/** Field names whose values never reach the trail: passwords, PINs, tokens, API tokens, storage passwords, secrets. */
const SECRET_FIELD = /password|passwd|secret|token|credential|api[-_]?key|pin$/i;
/** Attributes that say when, not what: left out of the changes. */
const NOT_A_CHANGE = new Set(['updatedAt', 'revision']);

/** What `beforeWrite` makes of one write. */
export interface TableWriteStep {
  input?: Record<string, unknown>;
  landed?: (landed: boolean) => void;
}

export class ChangeRecorder {
  readonly changes: AuditTrailChange[] = [];
  /** Whether the call wrote to the table, and whether it said what it changed (even when no field differed). */
  wrote = false;
  recorded = false;
  /** Set by the use case that authenticated a caller without a console sign-in (API token, payment service, link). */
  actor?: AuditTrailActor['kind'];
  /** The merchant the call acted on, when neither the request nor the caller says it. */
  merchantId?: string;
  /**
   * Changes recorded before the write that makes them (`recordChange(…, { withNextWrite: true })`, for a use case whose
   * writes follow one another): kept once the next write lands, dropped when it fails.
   */
  staged: AuditTrailChange[] = [];
  /** Whether a change was staged (even one that changed no field): the next write that lands makes the call recorded. */
  stagedAny = false;
  /**
   * Run before each table write of the call (the audit middleware's): may give the write another input (its
   * transaction with the intent added) or write the intent apart; `landed` is told whether the write landed.
   */
  beforeWrite?: (commandName: string, input: Record<string, unknown>, staged: readonly AuditTrailChange[]) => Promise<TableWriteStep | undefined>;
}

const storage = new AsyncLocalStorage<ChangeRecorder>();
/** The changes of one write under way (`recordingChange`): its own, whatever other writes of the call run beside it. */
const writeStaging = new AsyncLocalStorage<AuditTrailChange[]>();

/** Runs `fn` (a mutating call's handler) with `recorder` as the one the functions below fill. */
export const withChangeRecorder = <T>(recorder: ChangeRecorder, fn: () => Promise<T>): Promise<T> => storage.run(recorder, fn);

/** Runs `fn` outside any call's recorder (the audit trail's own writes). */
export const outsideChangeRecorder = <T>(fn: () => Promise<T>): Promise<T> => storage.exit(fn);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A stored value as the trail shows it: JSON, secrets replaced (card numbers are stored masked, and so stay masked). */
function shown(value: unknown): Json {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(shown);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? AUDIT_TRAIL_SECRET_VALUE : shown(v)]));
  return String(value);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(shown(a)) === JSON.stringify(shown(b));

/** The fields that differ between two states, by dotted path (objects field by field; a list by the items it lost and gained). */
export function fieldChanges(entity: string, entityId: string | null, before: unknown, after: unknown, path = ''): AuditTrailChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !NOT_A_CHANGE.has(f) || path !== '');
    return fields.flatMap((f) => {
      const at = path ? `${path}.${f}` : f;
      if (SECRET_FIELD.test(f))
        return same(before[f], after[f]) ? [] : [{ entity, entityId, field: at, before: AUDIT_TRAIL_SECRET_VALUE, after: AUDIT_TRAIL_SECRET_VALUE }];
      return fieldChanges(entity, entityId, before[f], after[f], at);
    });
  }
  if (same(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    // A list (prices, groups) shows the items it lost and gained, not both lists whole.
    const key = (v: unknown) => JSON.stringify(shown(v));
    const had = new Set(before.map(key));
    const has = new Set(after.map(key));
    return [
      {
        entity,
        entityId,
        field: path || '*',
        before: before.filter((v) => !has.has(key(v))).map(shown),
        after: after.filter((v) => !had.has(key(v))).map(shown),
      },
    ];
  }
  return [{ entity, entityId, field: path || '*', before: shown(before), after: shown(after) }];
}

const changesOf = (entity: string, entityId: string | null, before: object | undefined, after: object | undefined): AuditTrailChange[] =>
  before === undefined || after === undefined
    ? [{ entity, entityId, field: '*', before: before === undefined ? null : shown(before), after: after === undefined ? null : shown(after) }]
    : fieldChanges(entity, entityId, before, after);

/**
 * Records what a call changed of one entity: `before` and `after` as stored (undefined for a creation or a removal).
 * Secrets are written as AUDIT_TRAIL_SECRET_VALUE; unchanged fields are left out.
 *
 * Called after the write that made the change (the usual way), or, with `withNextWrite`, just before it: the change
 * then travels in the call's intent when that write is its first (so an entry recovered after a crash still shows
 * before → after), and counts only once the write landed.
 */
export function recordChange(
  entity: string,
  entityId: string | null,
  before: object | undefined,
  after: object | undefined,
  options?: { withNextWrite?: boolean },
): void {
  const recorder = storage.getStore();
  if (!recorder) return;
  if (options?.withNextWrite) {
    recorder.staged.push(...changesOf(entity, entityId, before, after));
    recorder.stagedAny = true;
    return;
  }
  recorder.recorded = true;
  recorder.changes.push(...changesOf(entity, entityId, before, after));
}

/**
 * Runs `write` (one table write) as the write that makes this change: the change travels in the call's intent when
 * this is the call's first write, and counts only once the write landed. Safe beside other writes of the same call
 * (an import's rows written side by side), unlike `recordChange(…, { withNextWrite: true })`.
 */
export function recordingChange<T>(
  entity: string,
  entityId: string | null,
  before: object | undefined,
  after: object | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (!storage.getStore()) return write();
  return writeStaging.run(changesOf(entity, entityId, before, after), write);
}

/** Notes that the current call wrote to the table (the document client's step), so that a change nobody recorded shows. */
export function noteTableWrite(): void {
  const recorder = storage.getStore();
  if (recorder) recorder.wrote = true;
}

/**
 * One table write of the current call (the document client's step): the recorder's `beforeWrite` first (the intent),
 * then the write; a write that landed is noted and keeps the changes staged for it, a failed one drops them.
 */
export async function aroundTableWrite<T>(
  commandName: string,
  input: Record<string, unknown>,
  write: (input: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  const recorder = storage.getStore();
  if (!recorder) return write(input);
  const own = writeStaging.getStore();
  const staged = own ? [...own, ...recorder.staged] : recorder.staged;
  const any = own !== undefined || recorder.stagedAny;
  const step = await recorder.beforeWrite?.(commandName, input, staged);
  let result: T;
  try {
    result = await write(step?.input ?? input);
  } catch (error) {
    recorder.staged = [];
    recorder.stagedAny = false;
    step?.landed?.(false);
    throw error;
  }
  recorder.wrote = true;
  if (any) {
    recorder.recorded = true;
    recorder.changes.push(...staged);
    recorder.staged = [];
    recorder.stagedAny = false;
  }
  step?.landed?.(true);
  return result;
}

/** What an entry's changes may weigh as JSON: the rest of an entry stays far below DynamoDB's 400 KB item. */
export const MAX_CHANGES_BYTES = 256 * 1024;

/**
 * The changes an entry holds: all of them while they fit MAX_CHANGES_BYTES (a 1,000-product import may not), else the
 * first that fit and one last line `{ entity: '*', field: 'omitted', after: <how many more> }`, so that the entry is
 * always written rather than the call answered 500 for a trail too long to store.
 */
export function boundedChanges(changes: readonly AuditTrailChange[], maxBytes = MAX_CHANGES_BYTES): AuditTrailChange[] {
  let bytes = 2;
  const cut = changes.findIndex((c) => (bytes += Buffer.byteLength(JSON.stringify(c)) + 1) > maxBytes - 128);
  return cut < 0 ? [...changes] : [...changes.slice(0, cut), { entity: '*', entityId: null, field: 'omitted', before: null, after: changes.length - cut }];
}

/** Says who called a route without a console sign-in, once its credential was accepted, and for which merchant. */
export function recordCaller(actor: Exclude<AuditTrailActor['kind'], 'user'>, merchantId: string): void {
  const recorder = storage.getStore();
  if (!recorder) return;
  recorder.actor = actor;
  recorder.merchantId = merchantId;
}

/** Names the merchant a call acted on where the request does not (a super admin's call on a machine or a media). */
export function recordMerchant(merchantId: string): void {
  const recorder = storage.getStore();
  if (recorder && !recorder.merchantId) recorder.merchantId = merchantId;
}

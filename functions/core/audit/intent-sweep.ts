/**
 * The audit sweep: a call's intent is written with its first change, and its entry names it once appended. An intent
 * older than the grace (longer than any call may run) whose entry exists is removed; one without belongs to a call
 * whose function ended before appending its entry (a crash, a timeout, a failed append): the sweep appends that entry,
 * from the intent, and removes the intent in one transaction conditioned on it still being there, so each intent
 * becomes exactly one entry.
 */
import { boundedChanges } from './change-recorder';
import type { AuditTrailContent, AuditTrailIntent, AuditTrailIntents } from './ports';

export interface AuditIntentSweepDeps {
  intents: AuditTrailIntents;
  nowMs: () => number;
  /** How old an intent must be before the sweep takes it (AUDIT_TRAIL_INTENT_GRACE_SECONDS). */
  graceSeconds: number;
  log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** Intents one round reads; a run goes on while rounds come back full, for at most MAX_SWEEP_MS. */
export const MAX_INTENTS_PER_ROUND = 500;
const MAX_SWEEP_MS = 20_000;

/** The entry of an intent: the one its call put there when it got that far, else the call as known when it first wrote. */
export const entryOfIntent = (intent: AuditTrailIntent): AuditTrailContent =>
  intent.final ?? { ...intent.content, at: intent.at, outcome: 'unanswered', status: 0, errorCode: null, changes: boundedChanges(intent.content.changes) };

export async function sweepAuditIntents(deps: AuditIntentSweepDeps): Promise<{ cleared: number; recorded: number; gone: number }> {
  const now = deps.nowMs();
  const before = new Date(now - deps.graceSeconds * 1000).toISOString();
  // Every entry of those calls was appended before now (and a minute covers clocks apart).
  const until = new Date(now + 60_000).toISOString();
  const outcome = { cleared: 0, recorded: 0, gone: 0 };
  const started = performance.now();
  for (;;) {
    const intents = await deps.intents.leftOver(before, MAX_INTENTS_PER_ROUND);
    const appended = await deps.intents.appended(intents, until);
    const done = intents.filter((i) => appended.has(i.id));
    await deps.intents.clear(done);
    outcome.cleared += done.length;
    for (const intent of intents.filter((i) => !appended.has(i.id))) {
      const entry = entryOfIntent(intent);
      const recorded = await deps.intents.record(intent, entry);
      outcome[recorded]++;
      if (recorded === 'recorded')
        deps.log('warn', 'audit trail entry recorded from a call’s intent', {
          action: entry.action,
          merchantId: entry.merchantId,
          correlationId: entry.correlationId,
          outcome: entry.outcome,
        });
    }
    if (intents.length < MAX_INTENTS_PER_ROUND || performance.now() - started > MAX_SWEEP_MS) return outcome;
  }
}

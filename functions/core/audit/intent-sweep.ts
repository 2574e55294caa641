/**
 * The audit sweep: a call's intent is written with its first change and removed with its entry, so one older than
 * the grace (longer than any call may run) belongs to a call whose function ended before appending its entry (a crash,
 * a timeout, a failed append). The sweep appends that entry, from the intent, and removes the intent in one
 * transaction: each intent becomes exactly one entry.
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

/** Most intents one run records (the rest wait for the next minute). */
export const MAX_INTENTS_PER_SWEEP = 200;

/** The entry of an intent: the one its call put there when it got that far, else the call as known when it first wrote. */
export const entryOfIntent = (intent: AuditTrailIntent): AuditTrailContent =>
  intent.final ?? { ...intent.content, at: intent.at, outcome: 'unanswered', status: 0, errorCode: null, changes: boundedChanges(intent.content.changes) };

export async function sweepAuditIntents(deps: AuditIntentSweepDeps): Promise<{ recorded: number; gone: number }> {
  const before = new Date(deps.nowMs() - deps.graceSeconds * 1000).toISOString();
  const outcome = { recorded: 0, gone: 0 };
  for (const intent of await deps.intents.leftOver(before, MAX_INTENTS_PER_SWEEP)) {
    const entry = entryOfIntent(intent);
    const done = await deps.intents.record(intent, entry);
    outcome[done === 'recorded' ? 'recorded' : 'gone']++;
    if (done === 'recorded')
      deps.log('warn', 'audit trail entry recorded from a call’s intent', {
        action: entry.action,
        merchantId: entry.merchantId,
        correlationId: entry.correlationId,
        outcome: entry.outcome,
      });
  }
  return outcome;
}

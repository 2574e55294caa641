/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): appends the audit entry of each call that
 * left its intent behind (core/audit/intent-sweep.ts), counted in AuditTrailIntentsRecovered. The event's `time` is
 * the sweep's "now".
 */
import { sweepAuditIntents, type AuditIntentSweepDeps } from '../../core/audit/intent-sweep';
import { METRIC } from '../../runtime/metrics';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as auditIntentSweepDeps } from './deps';

export const auditIntentSweepHandler = (deps: () => AuditIntentSweepDeps = auditIntentSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}, { metrics }) => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepAuditIntents(at === undefined ? base : { ...base, nowMs: () => at });
    metrics.countBy(METRIC.auditTrailIntentsRecovered, {}, outcome.recorded);
    return outcome;
  });

export const handler = auditIntentSweepHandler();

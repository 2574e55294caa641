/**
 * Scheduled (EventBridge every 5 minutes in AWS; a timer in the local stack): raises and clears the anomaly alarms
 * (functions/core/anomalies), a bounded number of machines per run from where the last run stopped. The event's
 * `time` is the sweep's "now".
 */
import type { AnomalySweepDeps } from '../../core/anomalies/ports';
import { sweepAnomalies, type AnomalySweepOutcome } from '../../core/anomalies/sweep';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as anomalySweepDeps } from './deps';

export const anomalySweepHandler = (deps: () => AnomalySweepDeps = anomalySweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}): Promise<AnomalySweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepAnomalies(at === undefined ? base : { ...base, nowMs: () => at });
    if (outcome.raised || outcome.cleared || outcome.failed) base.log?.('info', 'anomaly sweep', { ...outcome });
    return outcome;
  });

export const handler = anomalySweepHandler();

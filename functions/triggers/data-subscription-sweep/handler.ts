/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): each due subscription makes its
 * historical data request for the period just ended (core/historical-data/subscriptions.ts). The event's `time`
 * is the sweep's "now".
 */
import { sweepSubscriptions, type SubscriptionSweepDeps, type SubscriptionSweepOutcome } from '../../core/historical-data/subscriptions';
import { logger } from '../../runtime/logger';
import { METRIC } from '../../runtime/metrics';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as dataSubscriptionSweepDeps } from './deps';

export const dataSubscriptionSweepHandler = (deps: () => SubscriptionSweepDeps = dataSubscriptionSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}, { metrics }): Promise<SubscriptionSweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepSubscriptions(at === undefined ? base : { ...base, now: () => new Date(at).toISOString() });
    if (outcome.made + outcome.refused + outcome.failed > 0) logger.info('data subscription sweep', { ...outcome });
    for (const kind of ['made', 'refused', 'failed'] as const) metrics.countBy(METRIC.subscriptionRuns, { outcome: kind }, outcome[kind]);
    return outcome;
  });

export const handler = dataSubscriptionSweepHandler();

/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): each due subscription makes its
 * historical data request for the period just ended (core/historical-data/subscriptions.ts). The event's `time`
 * is the sweep's "now".
 */
import type { Context } from 'aws-lambda';
import { sweepSubscriptions, type SubscriptionSweepDeps, type SubscriptionSweepOutcome } from '../core/historical-data/subscriptions';
import { dataSubscriptionSweepDeps } from '../shared/data-subscriptions';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';
import type { ScheduledEventLike } from './connection-sweep';

export function dataSubscriptionSweepHandler(deps: () => SubscriptionSweepDeps = dataSubscriptionSweepDeps) {
  const metrics = new OperatorMetrics();
  return async (event: ScheduledEventLike = {}, context?: Context): Promise<SubscriptionSweepOutcome> => {
    logger.startInvocation(context);
    return metrics.around(async () => {
      const base = deps();
      const at = event.time ? Date.parse(event.time) : NaN;
      const outcome = await sweepSubscriptions(Number.isFinite(at) ? { ...base, now: () => new Date(at).toISOString() } : base);
      if (outcome.made + outcome.refused + outcome.failed > 0) logger.info('data subscription sweep', { ...outcome });
      for (const kind of ['made', 'refused', 'failed'] as const) metrics.countBy(METRIC.subscriptionRuns, { outcome: kind }, outcome[kind]);
      return outcome;
    });
  };
}

export const handler = dataSubscriptionSweepHandler();

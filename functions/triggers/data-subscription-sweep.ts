/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): each due subscription makes its
 * historical data request for the period just ended (core/historical-data/subscriptions.ts). The event's `time`
 * is the sweep's "now".
 */
import type { Context } from 'aws-lambda';
import { sweepSubscriptions, type SubscriptionSweepDeps, type SubscriptionSweepOutcome } from '../core/historical-data/subscriptions';
import { dataSubscriptionSweepDeps } from '../shared/data-subscriptions';
import { logger } from '../shared/logger';
import type { ScheduledEventLike } from './connection-sweep';

export function dataSubscriptionSweepHandler(deps: () => SubscriptionSweepDeps = dataSubscriptionSweepDeps) {
  return async (event: ScheduledEventLike = {}, context?: Context): Promise<SubscriptionSweepOutcome> => {
    logger.startInvocation(context);
    const base = deps();
    const at = event.time ? Date.parse(event.time) : NaN;
    const outcome = await sweepSubscriptions(Number.isFinite(at) ? { ...base, now: () => new Date(at).toISOString() } : base);
    if (outcome.made + outcome.refused + outcome.failed > 0) logger.info('data subscription sweep', { ...outcome });
    return outcome;
  };
}

export const handler = dataSubscriptionSweepHandler();

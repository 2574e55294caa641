/**
 * Scheduled (EventBridge, every minute in AWS; a timer in the local stack): takes offline the machines
 * whose last ping arrived more than CONNECTION_OFFLINE_AFTER_SECONDS ago, moving the connection counters.
 * The event's `time` is the sweep's "now".
 */
import type { Context } from 'aws-lambda';
import { sweepConnections, type SweepDeps, type SweepOutcome } from '../core/ingestion/use-cases';
import { connectionSweepDeps } from '../shared/connection-sweep';
import { logger } from '../runtime/logger';

export interface ScheduledEventLike {
  time?: string;
}

export function connectionSweepHandler(deps: () => SweepDeps = connectionSweepDeps) {
  return async (event: ScheduledEventLike = {}, context?: Context): Promise<SweepOutcome> => {
    logger.startInvocation(context);
    const base = deps();
    const at = event.time ? Date.parse(event.time) : NaN;
    const outcome = await sweepConnections(Number.isFinite(at) ? { ...base, nowMs: () => at } : base);
    if (outcome.wentOffline > 0) base.log?.('info', 'connection sweep', { ...outcome });
    return outcome;
  };
}

export const handler = connectionSweepHandler();

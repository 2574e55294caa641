/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): removes what is left of deleted
 * machines' partitions (core/devices/purge.ts), until shortly before the function's time runs out.
 */
import type { Context } from 'aws-lambda';
import { sweepMachinePurges, type PurgeSweepDeps, type PurgeSweepOutcome } from '../core/devices/purge';
import { logger } from '../shared/logger';
import { machinePurgeDeps } from '../shared/machine-purges';
import type { ScheduledEventLike } from './connection-sweep';

/** Without a Lambda context (the local schedule): how long one sweep may work. */
const LOCAL_SWEEP_BUDGET_MS = 20_000;
/** Left over before the function's timeout, for the step in flight to finish. */
const SAFETY_MS = 10_000;

export function machinePurgeSweepHandler(deps: () => PurgeSweepDeps = machinePurgeDeps) {
  return async (_event: ScheduledEventLike = {}, context?: Partial<Context>): Promise<PurgeSweepOutcome> => {
    logger.startInvocation(context);
    const base = deps();
    const remaining = context?.getRemainingTimeInMillis?.();
    const budget = remaining === undefined ? LOCAL_SWEEP_BUDGET_MS : Math.max(0, remaining - SAFETY_MS);
    const outcome = await sweepMachinePurges(base, base.nowMs() + budget);
    if (outcome.machines > 0) base.log?.('info', 'machine purge sweep', { ...outcome });
    return outcome;
  };
}

export const handler = machinePurgeSweepHandler();

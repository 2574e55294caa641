/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): re-indexes what is left of moved
 * machines' alarms and commands (core/devices/regroup.ts), until shortly before the function's time runs out.
 */
import { sweepMachineRegroups, type RegroupSweepDeps, type RegroupSweepOutcome } from '../core/devices/regroup';
import { machineRegroupDeps } from '../shared/machine-regroups';
import type { ScheduledEventLike } from './connection-sweep';

/** Without a Lambda context (the local schedule): how long one sweep may work. */
const LOCAL_SWEEP_BUDGET_MS = 20_000;
/** Left over before the function's timeout, for the step in flight to finish. */
const SAFETY_MS = 10_000;

export function machineRegroupSweepHandler(deps: () => RegroupSweepDeps = machineRegroupDeps) {
  return async (_event: ScheduledEventLike = {}, context?: { getRemainingTimeInMillis?: () => number }): Promise<RegroupSweepOutcome> => {
    const base = deps();
    const remaining = context?.getRemainingTimeInMillis?.();
    const budget = remaining === undefined ? LOCAL_SWEEP_BUDGET_MS : Math.max(0, remaining - SAFETY_MS);
    const outcome = await sweepMachineRegroups(base, base.nowMs() + budget);
    if (outcome.machines > 0) base.log?.('info', 'machine regroup sweep', { ...outcome });
    return outcome;
  };
}

export const handler = machineRegroupSweepHandler();

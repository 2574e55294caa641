/**
 * The Lambda handler of a scheduled machine sweep (EventBridge every minute in AWS; a timer in the local stack):
 * it works until shortly before the function's time runs out, and logs what it did.
 */
import type { PosSweepDeps, PosSweepOutcome } from '../core/devices/machine-sweep';
import type { ScheduledEventLike } from './scheduled';
import { trigger } from './trigger';

/** Without a Lambda context (the local schedule): how long one sweep may work. */
const LOCAL_SWEEP_BUDGET_MS = 20_000;
/** Left over before the function's timeout, for the step in flight to finish. */
const SAFETY_MS = 10_000;

export function machineSweepHandler<D extends PosSweepDeps>(name: string, deps: () => D, sweep: (deps: D, deadlineMs: number) => Promise<PosSweepOutcome>) {
  return trigger(async (_event: ScheduledEventLike | undefined = {}, { context }): Promise<PosSweepOutcome> => {
    const base = deps();
    const remaining = context?.getRemainingTimeInMillis?.();
    const budget = remaining === undefined ? LOCAL_SWEEP_BUDGET_MS : Math.max(0, remaining - SAFETY_MS);
    const outcome = await sweep(base, base.nowMs() + budget);
    if (outcome.machines > 0) base.log?.('info', name, { ...outcome });
    return outcome;
  });
}

/**
 * Removing a deleted machine's partition (PosPurges): DELETE /pos/{serial} removes up to
 * INLINE_PURGE_ITEMS before it answers, so a machine with a short history is gone at once; the purge sweep
 * (scheduled) carries on with the rest, in steps, until its deadline.
 */
import { sweepPos, type PosSweepDeps, type PosSweepOutcome } from './machine-sweep';
import type { PosPurges } from './ports';

export const INLINE_PURGE_ITEMS = 1_000;
/** Items per step of the sweep (it checks its deadline between steps). */
export const PURGE_STEP_ITEMS = 2_000;
/** Deleted machines one sweep looks at. */
export const PURGE_SWEEP_MACHINES = 25;

export interface PurgeSweepDeps extends PosSweepDeps {
  purges: PosPurges;
}

export type PurgeSweepOutcome = PosSweepOutcome;

/** Works through the pending purges until `deadlineMs`; a failed one is logged and tried again next time. */
export function sweepPosPurges(deps: PurgeSweepDeps, deadlineMs: number): Promise<PurgeSweepOutcome> {
  return sweepPos(
    deps,
    {
      pending: (max) => deps.purges.pending(max),
      step: (machine, maxItems) => deps.purges.purge(machine, maxItems),
      machines: PURGE_SWEEP_MACHINES,
      stepItems: PURGE_STEP_ITEMS,
      failure: 'removing a deleted machine’s history failed',
    },
    deadlineMs,
  );
}

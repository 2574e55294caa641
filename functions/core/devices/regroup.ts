/**
 * Moving a machine to another group (PosRegroups): its alarms and commands are indexed by the group the
 * machine had when they were raised or sent, so a move re-indexes them. The move request re-indexes up to
 * INLINE_REGROUP_ITEMS before it answers (most machines are done then); the regroup sweep (scheduled) carries on
 * with the rest in steps until its deadline. Until a machine is done its mark lists it, and group lists, counts,
 * statistics and CSVs filter by the machine's group now (adapters/dynamodb/machine-regroups.ts).
 */
import { sweepPos, type PosSweepDeps, type PosSweepOutcome } from './machine-sweep';
import type { PosRegroups } from './ports';

export const INLINE_REGROUP_ITEMS = 300;
/** Items per step of the sweep (it checks its deadline between steps). */
export const REGROUP_STEP_ITEMS = 1_000;
/** Moved machines one sweep looks at. */
export const REGROUP_SWEEP_MACHINES = 25;
/**
 * Machines of one merchant that may be in transit at once: each adds one Query to a group admin's list page
 * (its partition), so this bounds a page's reads. A move beyond it answers 409 until the sweep catches up.
 */
export const MAX_MACHINES_MOVING = 20;

export interface RegroupSweepDeps extends PosSweepDeps {
  regroups: PosRegroups;
}

export type RegroupSweepOutcome = PosSweepOutcome;

/** Works through the moved machines until `deadlineMs`; a failed one is logged and tried again next time. */
export function sweepPosRegroups(deps: RegroupSweepDeps, deadlineMs: number): Promise<RegroupSweepOutcome> {
  return sweepPos(
    deps,
    {
      pending: (max) => deps.regroups.pending(max),
      step: (machine, maxItems) => deps.regroups.regroup(machine, maxItems),
      machines: REGROUP_SWEEP_MACHINES,
      stepItems: REGROUP_STEP_ITEMS,
      failure: 're-indexing a moved machine’s history failed',
    },
    deadlineMs,
  );
}

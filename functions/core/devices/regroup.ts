/**
 * Moving a machine to another group (MachineRegroups): its alarms and commands are indexed by the group the
 * machine had when they were raised or sent, so a move re-indexes them. The move request re-indexes up to
 * INLINE_REGROUP_ITEMS before it answers (most machines are done then); the regroup sweep (scheduled) carries on
 * with the rest in steps until its deadline. Until a machine is done its mark lists it, and group lists, counts,
 * statistics and CSVs filter by the machine's group now (adapters/dynamodb/machine-regroups.ts).
 */
import type { MachineRef, MachineRegroups } from './ports';

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

export interface RegroupSweepDeps {
  regroups: MachineRegroups;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface RegroupSweepOutcome {
  /** Moved machines found with something left to re-index. */
  machines: number;
  /** Of those, the ones now done. */
  finished: number;
  failed: number;
}

/** Works through the moved machines until `deadlineMs`; a failed one is logged and tried again next time. */
export async function sweepMachineRegroups(deps: RegroupSweepDeps, deadlineMs: number): Promise<RegroupSweepOutcome> {
  const pending = await deps.regroups.pending(REGROUP_SWEEP_MACHINES);
  const outcome: RegroupSweepOutcome = { machines: pending.length, finished: 0, failed: 0 };
  for (const { merchantId, serial } of pending) {
    if (deps.nowMs() >= deadlineMs) break;
    try {
      if (await regroupUntil(deps, { merchantId, serial }, deadlineMs)) outcome.finished++;
    } catch (error) {
      outcome.failed++;
      deps.log?.('error', 're-indexing a moved machine’s history failed', { merchantId, serial, error });
    }
  }
  return outcome;
}

async function regroupUntil(deps: RegroupSweepDeps, machine: MachineRef, deadlineMs: number): Promise<boolean> {
  do {
    if (await deps.regroups.regroup(machine, REGROUP_STEP_ITEMS)) return true;
  } while (deps.nowMs() < deadlineMs);
  return false;
}

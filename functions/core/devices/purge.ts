/**
 * Removing a deleted machine's partition (MachinePurges): DELETE /pos/{serial} removes up to
 * INLINE_PURGE_ITEMS before it answers, so a machine with a short history is gone at once; the purge sweep
 * (scheduled) carries on with the rest, in steps, until its deadline.
 */
import type { MachinePurges, MachineRef } from './ports';

export const INLINE_PURGE_ITEMS = 1_000;
/** Items per step of the sweep (it checks its deadline between steps). */
export const PURGE_STEP_ITEMS = 2_000;
/** Deleted machines one sweep looks at. */
export const PURGE_SWEEP_MACHINES = 25;

export interface PurgeSweepDeps {
  purges: MachinePurges;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface PurgeSweepOutcome {
  /** Deleted machines found with something left to remove. */
  machines: number;
  /** Of those, the ones now removed completely. */
  finished: number;
  failed: number;
}

/** Works through the pending purges until `deadlineMs`; a failed one is logged and tried again next time. */
export async function sweepMachinePurges(deps: PurgeSweepDeps, deadlineMs: number): Promise<PurgeSweepOutcome> {
  const pending = await deps.purges.pending(PURGE_SWEEP_MACHINES);
  const outcome: PurgeSweepOutcome = { machines: pending.length, finished: 0, failed: 0 };
  for (const machine of pending) {
    if (deps.nowMs() >= deadlineMs) break;
    try {
      if (await purgeUntil(deps, machine, deadlineMs)) outcome.finished++;
    } catch (error) {
      outcome.failed++;
      deps.log?.('error', 'removing a deleted machine’s history failed', { ...machine, error });
    }
  }
  return outcome;
}

async function purgeUntil(deps: PurgeSweepDeps, machine: MachineRef, deadlineMs: number): Promise<boolean> {
  do {
    if (await deps.purges.purge(machine, PURGE_STEP_ITEMS)) return true;
  } while (deps.nowMs() < deadlineMs);
  return false;
}

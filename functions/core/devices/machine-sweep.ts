/**
 * Work left on machines after a request answered (a deleted machine's purge, a moved machine's re-indexing):
 * a scheduled sweep takes the machines with some left and works on each in bounded steps until its deadline.
 */
import type { PosRef } from './ports';

export interface PosSweepDeps {
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** One kind of work: which machines have some left, and one step of at most `maxItems` items (true: done). */
export interface PosWork {
  pending(maxMachines: number): Promise<PosRef[]>;
  step(machine: PosRef, maxItems: number): Promise<boolean>;
  /** Machines one sweep looks at, items per step (the deadline is checked between steps). */
  machines: number;
  stepItems: number;
  /** What the error log line says when a machine's work fails. */
  failure: string;
}

export interface PosSweepOutcome {
  /** Machines found with work left. */
  machines: number;
  /** Of those, the ones now done. */
  finished: number;
  failed: number;
}

/** Works through the machines with work left until `deadlineMs`; a failed one is logged and tried again next time. */
export async function sweepPos(deps: PosSweepDeps, work: PosWork, deadlineMs: number): Promise<PosSweepOutcome> {
  const pending = await work.pending(work.machines);
  const outcome: PosSweepOutcome = { machines: pending.length, finished: 0, failed: 0 };
  for (const { merchantId, serial } of pending) {
    if (deps.nowMs() >= deadlineMs) break;
    try {
      if (await workUntil(deps, work, { merchantId, serial }, deadlineMs)) outcome.finished++;
    } catch (error) {
      outcome.failed++;
      deps.log?.('error', work.failure, { merchantId, serial, error });
    }
  }
  return outcome;
}

async function workUntil(deps: PosSweepDeps, work: PosWork, machine: PosRef, deadlineMs: number): Promise<boolean> {
  do {
    if (await work.step(machine, work.stepItems)) return true;
  } while (deps.nowMs() < deadlineMs);
  return false;
}

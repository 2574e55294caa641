import { describe, expect, it } from 'vitest';
import { PURGE_STEP_ITEMS, sweepMachinePurges } from '../../functions/core/devices/purge';
import type { MachinePurges, MachineRef } from '../../functions/core/devices/ports';

/** Partitions of `left` items each; every step takes PURGE_STEP_ITEMS and 1 s of the clock; `broken` throws. */
function fakePurges(left: Record<string, number>, broken: string[] = []) {
  let clock = 0;
  const calls: string[] = [];
  const purges: MachinePurges = {
    async pending(limit) {
      return Object.keys(left).slice(0, limit).map((serial) => ({ merchantId: 'm', serial }));
    },
    async purge(machine: MachineRef, maxItems: number) {
      calls.push(machine.serial);
      clock += 1_000;
      if (broken.includes(machine.serial)) throw new Error('throttled');
      left[machine.serial] = Math.max(0, left[machine.serial]! - maxItems);
      if (left[machine.serial]) return false;
      delete left[machine.serial];
      return true;
    },
  };
  return { purges, calls, nowMs: () => clock };
}

describe('the machine purge sweep (core/devices/purge)', () => {
  it('finishes machine after machine in steps, goes past a failing one, and stops at its deadline', async () => {
    const left = { A: PURGE_STEP_ITEMS * 2, B: 10, C: PURGE_STEP_ITEMS * 10, D: 5 };
    const f = fakePurges(left, ['B']);
    const logged: string[] = [];
    const outcome = await sweepMachinePurges({ purges: f.purges, nowMs: f.nowMs, log: (_l, message) => logged.push(message) }, 5_000);
    // A: 2 steps; B: fails; C: 2 steps until the deadline (5 s); D waits for the next sweep.
    expect(f.calls).toEqual(['A', 'A', 'B', 'C', 'C']);
    expect(outcome).toEqual({ machines: 4, finished: 1, failed: 1 });
    expect(logged).toHaveLength(1);
    expect(Object.keys(left)).toEqual(['B', 'C', 'D']);
  });

  it('with nothing pending does nothing', async () => {
    const f = fakePurges({});
    expect(await sweepMachinePurges({ purges: f.purges, nowMs: f.nowMs }, 60_000)).toEqual({ machines: 0, finished: 0, failed: 0 });
  });
});

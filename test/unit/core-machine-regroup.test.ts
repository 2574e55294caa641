import { describe, expect, it } from 'vitest';
import { REGROUP_STEP_ITEMS, sweepMachineRegroups } from '../../functions/core/devices/regroup';
import type { MachineRef, MachineRegroups } from '../../functions/core/devices/ports';

/** Machines with `left` items to re-index each; every step takes REGROUP_STEP_ITEMS and 1 s of the clock; `broken` throws. */
function fakeRegroups(left: Record<string, number>, broken: string[] = []) {
  let clock = 0;
  const calls: string[] = [];
  const regroups: MachineRegroups = {
    async pending(limit) {
      return Object.keys(left).slice(0, limit).map((serial) => ({ merchantId: 'm', serial, from: 'north', to: 'south' }));
    },
    async regroup(machine: MachineRef, maxItems: number) {
      calls.push(machine.serial);
      clock += 1_000;
      if (broken.includes(machine.serial)) throw new Error('throttled');
      left[machine.serial] = Math.max(0, left[machine.serial]! - maxItems);
      if (left[machine.serial]) return false;
      delete left[machine.serial];
      return true;
    },
  };
  return { regroups, calls, nowMs: () => clock };
}

describe('the machine regroup sweep (core/devices/regroup)', () => {
  it('finishes machine after machine in steps, goes past a failing one, and stops at its deadline', async () => {
    const left = { A: REGROUP_STEP_ITEMS * 2, B: 10, C: REGROUP_STEP_ITEMS * 10, D: 5 };
    const f = fakeRegroups(left, ['B']);
    const logged: string[] = [];
    const outcome = await sweepMachineRegroups({ regroups: f.regroups, nowMs: f.nowMs, log: (_l, message) => logged.push(message) }, 5_000);
    // A: 2 steps; B: fails; C: 2 steps until the deadline (5 s); D waits for the next sweep.
    expect(f.calls).toEqual(['A', 'A', 'B', 'C', 'C']);
    expect(outcome).toEqual({ machines: 4, finished: 1, failed: 1 });
    expect(logged).toHaveLength(1);
    expect(Object.keys(left)).toEqual(['B', 'C', 'D']);
  });

  it('with nothing pending does nothing', async () => {
    const f = fakeRegroups({});
    expect(await sweepMachineRegroups({ regroups: f.regroups, nowMs: f.nowMs }, 60_000)).toEqual({ machines: 0, finished: 0, failed: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { PosSweepDeps, PosSweepOutcome } from '../../functions/core/devices/machine-sweep';
import type { PosRef } from '../../functions/core/devices/ports';
import { PURGE_STEP_ITEMS, sweepPosPurges } from '../../functions/core/devices/purge';
import { REGROUP_STEP_ITEMS, sweepPosRegroups } from '../../functions/core/devices/regroup';

/**
 * Machines with `left` items of work each; every step takes `stepItems` and 1 s of the clock; `broken` throws.
 * `deps` wraps the pending list and the step as the sweep's own port.
 */
function fakeWork(left: Record<string, number>, broken: string[] = []) {
  let clock = 0;
  const calls: string[] = [];
  const pending = async (limit: number) =>
    Object.keys(left)
      .slice(0, limit)
      .map((serial) => ({ merchantId: 'm', serial, from: 'north', to: 'south' }));
  const step = async (machine: PosRef, maxItems: number) => {
    calls.push(machine.serial);
    clock += 1_000;
    if (broken.includes(machine.serial)) throw new Error('throttled');
    left[machine.serial] = Math.max(0, left[machine.serial]! - maxItems);
    if (left[machine.serial]) return false;
    delete left[machine.serial];
    return true;
  };
  return { pending, step, calls, nowMs: () => clock };
}

type Sweep = (f: ReturnType<typeof fakeWork>, deps: Pick<PosSweepDeps, 'log'>, deadlineMs: number) => Promise<PosSweepOutcome>;
const sweeps: Array<[string, number, Sweep]> = [
  [
    'purge (core/devices/purge)',
    PURGE_STEP_ITEMS,
    (f, deps, deadline) => sweepPosPurges({ ...deps, nowMs: f.nowMs, purges: { pending: f.pending, purge: f.step } }, deadline),
  ],
  [
    'regroup (core/devices/regroup)',
    REGROUP_STEP_ITEMS,
    (f, deps, deadline) => sweepPosRegroups({ ...deps, nowMs: f.nowMs, regroups: { pending: f.pending, regroup: f.step } }, deadline),
  ],
];

describe.each(sweeps)('the machine %s sweep', (_name, stepItems, sweep) => {
  it('finishes machine after machine in steps, goes past a failing one, and stops at its deadline', async () => {
    const left = { A: stepItems * 2, B: 10, C: stepItems * 10, D: 5 };
    const f = fakeWork(left, ['B']);
    const logged: string[] = [];
    const outcome = await sweep(f, { log: (_l, message) => logged.push(message) }, 5_000);
    // A: 2 steps; B: fails; C: 2 steps until the deadline (5 s); D waits for the next sweep.
    expect(f.calls).toEqual(['A', 'A', 'B', 'C', 'C']);
    expect(outcome).toEqual({ machines: 4, finished: 1, failed: 1 });
    expect(logged).toHaveLength(1);
    expect(Object.keys(left)).toEqual(['B', 'C', 'D']);
  });

  it('with nothing pending does nothing', async () => {
    const f = fakeWork({});
    expect(await sweep(f, {}, 60_000)).toEqual({ machines: 0, finished: 0, failed: 0 });
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FirmwareStateMessage } from '#schemas/firmware-report';
import { parseRolloutId, rolloutIdOf } from '../../functions/core/rollouts/release-kinds';
import { holdOf, inWindow, planWaves, reportedState, shouldAbort, timeIn, watchedState, waveFinished } from '../../functions/core/rollouts/rollout-plan';

const serials = Array.from({ length: 30 }, (_, i) => `CENG-${String(i).padStart(8, '0')}`);

describe('waves', () => {
  it('a count splits the machines evenly, in order; never more waves than machines', () => {
    const waves = planWaves(serials, { kind: 'count', count: 3 });
    expect(waves.map((w) => w.length)).toEqual([10, 10, 10]);
    expect(waves.flat()).toEqual(serials);
    expect(planWaves(serials.slice(0, 7), { kind: 'count', count: 3 }).map((w) => w.length)).toEqual([3, 3, 1]);
    expect(planWaves(serials.slice(0, 2), { kind: 'count', count: 5 }).map((w) => w.length)).toEqual([1, 1]);
    expect(planWaves([], { kind: 'count', count: 3 })).toEqual([]);
  });

  it('a rate makes waves of that many machines', () => {
    expect(planWaves(serials, { kind: 'rate', perHour: 12 }).map((w) => w.length)).toEqual([12, 12, 6]);
  });
});

describe('when the next wave may go out', () => {
  const rule = { status: 'running' as const, startAt: '2026-03-10T00:00:00.000Z', waves: { kind: 'count' as const, count: 3 }, maintenanceWindow: null };

  it('not before the rule date, nor while paused or ended', () => {
    expect(holdOf(rule, 'Europe/Rome', '2026-03-09T23:00:00.000Z')).toBe('beforeStart');
    expect(holdOf({ ...rule, status: 'paused' }, 'Europe/Rome', '2026-03-11T00:00:00.000Z')).toBe('paused');
    expect(holdOf({ ...rule, status: 'aborted' }, 'Europe/Rome', '2026-03-11T00:00:00.000Z')).toBe('ended');
    expect(holdOf(rule, 'Europe/Rome', '2026-03-11T00:00:00.000Z')).toBeUndefined();
  });

  it('only inside the maintenance window, in the merchant’s time zone', () => {
    const window = { from: '02:00', to: '05:00' };
    // 01:30 UTC is 02:30 in Rome (UTC+1 in March), 21:30 the day before in New York.
    expect(timeIn('Europe/Rome', '2026-03-11T01:30:00.000Z')).toBe('02:30');
    expect(inWindow(window, 'Europe/Rome', '2026-03-11T01:30:00.000Z')).toBe(true);
    expect(inWindow(window, 'America/New_York', '2026-03-11T01:30:00.000Z')).toBe(false);
    expect(inWindow(window, 'Europe/Rome', '2026-03-11T04:00:00.000Z')).toBe(false);
    expect(holdOf({ ...rule, maintenanceWindow: window }, 'Europe/Rome', '2026-03-11T12:00:00.000Z')).toBe('outsideWindow');
  });

  it('at a rate, an hour after the wave before', () => {
    const rated = { ...rule, waves: { kind: 'rate' as const, perHour: 10 }, previousWaveSentAt: '2026-03-11T10:00:00.000Z' };
    expect(holdOf(rated, 'UTC', '2026-03-11T10:59:00.000Z')).toBe('rate');
    expect(holdOf(rated, 'UTC', '2026-03-11T11:00:00.000Z')).toBeUndefined();
  });
});

describe("a machine's state", () => {
  const sentAt = '2026-03-11T10:00:00.000Z';

  it('is updated only once the machine reports the new version', () => {
    expect(watchedState({ state: 'updating', sentAt, reportedVersion: '3.4.1+112' }, '4.0.0+7', 600, '2026-03-11T10:05:00.000Z')).toBe('updating');
    expect(watchedState({ state: 'updating', sentAt, reportedVersion: '4.0.0+7' }, '4.0.0+7', 600, '2026-03-11T10:05:00.000Z')).toBe('updated');
    // A machine's claim of "updated" is not enough.
    expect(reportedState('updating', 'updated')).toBe('updating');
  });

  it('times out when it stays silent past its timeout', () => {
    expect(watchedState({ state: 'sent', sentAt }, '4.0.0+7', 600, '2026-03-11T10:09:59.000Z')).toBe('sent');
    expect(watchedState({ state: 'sent', sentAt }, '4.0.0+7', 600, '2026-03-11T10:10:00.000Z')).toBe('timedOut');
    expect(watchedState({ state: 'failed', sentAt }, '4.0.0+7', 600, '2026-03-11T11:00:00.000Z')).toBe('failed');
  });

  it('moves only forward on reports; a failure ends it', () => {
    expect(reportedState('sent', 'downloading')).toBe('downloading');
    expect(reportedState('verified', 'downloading')).toBe('verified');
    expect(reportedState('downloaded', 'failed')).toBe('failed');
    expect(reportedState('timedOut', 'updating')).toBe('timedOut');
  });

  it('a wave has finished once every machine has', () => {
    expect(waveFinished(['updated', 'failed', 'timedOut', 'skipped'])).toBe(true);
    expect(waveFinished(['updated', 'updating'])).toBe(false);
  });
});

describe('the abort threshold', () => {
  it('applies once the minimum of machines has finished, past the percentage of failures', () => {
    expect(shouldAbort({ updated: 2, failed: 2 }, 5, 20)).toBe(false);
    expect(shouldAbort({ updated: 3, failed: 1, timedOut: 1 }, 5, 20)).toBe(true);
    expect(shouldAbort({ updated: 4, failed: 1 }, 5, 20)).toBe(false);
    // Skipped (already on that version) and still running machines do not count.
    expect(shouldAbort({ updated: 4, failed: 1, skipped: 10, updating: 3 }, 5, 10)).toBe(true);
    expect(shouldAbort({}, 0, 0)).toBe(false);
  });
});

describe('a machine’s report (vend/{serial}/firmware)', () => {
  const example = JSON.parse(readFileSync(new URL('../../events/iot/firmware.json', import.meta.url), 'utf8')) as Record<string, any>;
  it('events/iot/firmware.json validates and names its rollout', () => {
    expect(z.safeParse(FirmwareStateMessage, example).success).toBe(true);
    expect(parseRolloutId(example.payload.rolloutId)).toEqual({ kind: 'firmware', ruleId: 'mijx2k9a0-0123456789ab', wave: 0 });
    expect(parseRolloutId(rolloutIdOf('firmware', 'mijx2k9a0-0123456789ab', 12))).toMatchObject({ wave: 12 });
  });
  it('names a known kind of release only', () => {
    expect(parseRolloutId('toaster:mijx2k9a0-0123456789ab:0')).toBeUndefined();
    expect(z.safeParse(FirmwareStateMessage, { ...example, payload: { ...example.payload, rolloutId: 'x' } }).success).toBe(false);
  });
});

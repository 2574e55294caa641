import { describe, expect, it } from 'vitest';
import {
  bucketIndex,
  bucketName,
  bucketsToSweep,
  canonicalTime,
  dedupeBy,
  isAfter,
  isSilent,
  latest,
  MAX_BUCKETS_PER_SWEEP,
  planPing,
  shardOf,
  SWEEP_LOOKBACK_BUCKETS,
  transitionDeltas,
} from '../../functions/core/ingestion/rules';

const T = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('monotonic latest fields', () => {
  it('picks the latest by time whatever the arrival order, ties broken by messageId', () => {
    const items = [
      { at: iso(T), id: 'b' },
      { at: iso(T - 1000), id: 'z' },
      { at: iso(T), id: 'a' },
    ];
    for (const order of [items, [...items].reverse(), [items[1]!, items[0]!, items[2]!]])
      expect(
        latest(
          order,
          (i) => i.at,
          (i) => i.id,
        ),
      ).toEqual({ at: iso(T), id: 'b' });
    expect(
      latest(
        [],
        (i: { at: string }) => i.at,
        () => '',
      ),
    ).toBeUndefined();
  });

  it('isAfter is strict', () => {
    expect(isAfter(iso(T), 'a', undefined)).toBe(true);
    expect(isAfter(iso(T), 'a', iso(T), 'a')).toBe(false);
    expect(isAfter(iso(T - 1), 'z', iso(T), 'a')).toBe(false);
  });

  it('canonical times sort as strings (offsets normalised to UTC)', () => {
    expect(canonicalTime('2026-11-20T11:00:00+01:00')).toBe('2026-11-20T10:00:00.000Z');
    expect(canonicalTime('2026-11-20T10:00:00.5Z') < canonicalTime('2026-11-20T10:00:01Z')).toBe(true);
  });

  it('keeps the first of each messageId', () => {
    const { kept, duplicateOf } = dedupeBy(['a', 'b', 'a', 'c', 'b'], (x) => x);
    expect(kept).toEqual([0, 1, 3]);
    expect([...duplicateOf]).toEqual([
      [2, 0],
      [4, 1],
    ]);
  });
});

describe('connection rules', () => {
  const window = 900;
  const ping = { at: iso(T), messageId: 'm2', receivedAt: T };

  it('moves counters only between different states', () => {
    expect(transitionDeltas(2, 1)).toEqual({ unknown: -1, online: 1 });
    expect(transitionDeltas(1, 0)).toEqual({ online: -1, offline: 1 });
    expect(transitionDeltas(1, 1)).toEqual({});
  });

  it('plans a ping against the state it found', () => {
    expect(planPing(undefined, ping, T, window)).toBe('go-online');
    expect(planPing({ connection: 0, lastPingAt: iso(T + 5000) }, ping, T, window)).toBe('go-online');
    expect(planPing({ connection: 2 }, { ...ping, receivedAt: T - 901_000 }, T, window)).toBe('late');
    expect(planPing({ connection: 1, lastPingAt: iso(T), lastPingMessageId: 'm2' }, ping, T, window)).toBe('none');
    expect(planPing({ connection: 1, lastPingAt: iso(T + 1) }, ping, T, window)).toBe('touch');
    expect(planPing({ connection: 1, lastPingAt: iso(T - 1) }, ping, T, window)).toBe('advance');
  });

  it('a machine is silent when online and last seen before now − window', () => {
    expect(isSilent({ connection: 1, lastSeenAt: T - 901_000 }, T, window)).toBe(true);
    expect(isSilent({ connection: 1, lastSeenAt: T - 899_000 }, T, window)).toBe(false);
    expect(isSilent({ connection: 0, lastSeenAt: 0 }, T, window)).toBe(false);
    expect(isSilent(undefined, T, window)).toBe(false);
  });

  it('buckets: names are start times; shards are stable', () => {
    expect(bucketName(bucketIndex(T + 59_999, 60), 60)).toBe('2026-11-20T10:00:00.000Z');
    expect(shardOf('CENG-00000001')).toBe(shardOf('CENG-00000001'));
    expect(new Set(Array.from({ length: 200 }, (_, i) => shardOf(`CENG-${String(i).padStart(8, '0')}`))).size).toBe(4);
  });

  it('sweeps the buckets that ended before the cutoff, from where it stopped, bounded per run', () => {
    const lastEnded = bucketIndex(T - window * 1000, 60) - 1;
    expect(bucketsToSweep({ nowMs: T, offlineAfterSeconds: window, bucketSeconds: 60, sweptThrough: lastEnded - 5 })).toEqual({
      from: lastEnded - 4 - SWEEP_LOOKBACK_BUCKETS,
      to: lastEnded,
    });
    // Nothing new: only the lookback.
    expect(bucketsToSweep({ nowMs: T, offlineAfterSeconds: window, bucketSeconds: 60, sweptThrough: lastEnded })).toEqual({
      from: lastEnded + 1 - SWEEP_LOOKBACK_BUCKETS,
      to: lastEnded,
    });
    // A saved state ahead of this clock still lets recent buckets be read.
    expect(bucketsToSweep({ nowMs: T, offlineAfterSeconds: window, bucketSeconds: 60, sweptThrough: lastEnded + 50 })).toEqual({
      from: lastEnded + 1 - SWEEP_LOOKBACK_BUCKETS,
      to: lastEnded,
    });
    // Far behind: at most MAX_BUCKETS_PER_SWEEP, oldest first.
    const behind = bucketsToSweep({ nowMs: T, offlineAfterSeconds: window, bucketSeconds: 60, sweptThrough: lastEnded - 1000 })!;
    expect(behind.to - behind.from + 1).toBe(MAX_BUCKETS_PER_SWEEP);
    expect(behind.from).toBe(lastEnded - 999 - SWEEP_LOOKBACK_BUCKETS);
  });
});

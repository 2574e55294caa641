import { describe, expect, it } from 'vitest';
import { currentDirtiness, isOrdered, nextDirtiness, thresholdKey, worstOf, type Dirtiness } from '../../functions/core/sensors/dirtiness';
import { advanceStates } from '../../functions/core/sensors/ingest';

const states = (start: Dirtiness, values: number[], t: Parameters<typeof nextDirtiness>[2]) => {
  const out: Dirtiness[] = [];
  let s = start;
  for (const v of values) out.push((s = nextDirtiness(s, v, t)));
  return out;
};

describe('sensor dirtiness', () => {
  const rising = { warning: 60, critical: 80, valuesIncrease: true };
  const falling = { warning: 40, critical: 20, valuesIncrease: false };

  it('values that increase with dirt: ok, warning at warning, critical at critical', () => {
    expect(states('unknown', [10, 59.9, 60, 79, 80, 95], rising)).toEqual(['ok', 'ok', 'warning', 'warning', 'critical', 'critical']);
  });

  it('values that decrease with dirt: the same in the other direction', () => {
    expect(states('unknown', [90, 40.1, 40, 21, 20, 5], falling)).toEqual(['ok', 'ok', 'warning', 'warning', 'critical', 'critical']);
  });

  it('hysteresis: a state is left only a tenth of |critical − warning| back past its threshold', () => {
    // Deadband 2: critical holds down to 78 (exclusive), warning down to 58.
    expect(states('critical', [79.9, 78.1, 80, 77.9], rising)).toEqual(['critical', 'critical', 'critical', 'warning']);
    expect(states('warning', [59, 58.1, 61, 57.9], rising)).toEqual(['warning', 'warning', 'warning', 'ok']);
    // A value hovering on the threshold changes the state once.
    expect(states('ok', [79.9, 80.1, 79.8, 80.2, 79.9], rising)).toEqual(['warning', 'critical', 'critical', 'critical', 'critical']);
    // Falling values: critical holds up to 22, warning up to 42.
    expect(states('critical', [21.9, 22.1], falling)).toEqual(['critical', 'warning']);
    expect(states('warning', [41.9, 42.1], falling)).toEqual(['warning', 'ok']);
    // A clean reading far past both thresholds goes straight to ok.
    expect(states('critical', [10], rising)).toEqual(['ok']);
  });

  it('without a threshold the state is unknown; a machine takes its worst sensor', () => {
    expect(nextDirtiness('ok', 500, undefined)).toBe('unknown');
    expect(worstOf(['ok', 'unknown', 'warning'])).toBe('warning');
    expect(worstOf([])).toBe('unknown');
  });

  it('warning must come before critical in the direction dirt moves the values', () => {
    expect(isOrdered(rising)).toBe(true);
    expect(isOrdered({ ...rising, warning: 90 })).toBe(false);
    expect(isOrdered(falling)).toBe(true);
    expect(isOrdered({ ...falling, warning: 10 })).toBe(false);
    expect(isOrdered({ warning: 5, critical: 5, valuesIncrease: true })).toBe(false);
  });

  it('readings apply in time order; one older than a sensor’s latest changes nothing', () => {
    const after = advanceStates(
      { hopperExitGain: { value: 50, at: '2026-11-20T10:00:00.000Z', state: 'ok' } },
      [
        { messageId: 'b', at: '2026-11-20T11:00:00.000Z', values: { hopperExitGain: 85 } },
        { messageId: 'a', at: '2026-11-20T09:00:00.000Z', values: { hopperExitGain: 99, coinOpticalLevel: 30 } },
      ],
      { hopperExitGain: rising, coinOpticalLevel: falling },
    );
    expect(after).toEqual({
      hopperExitGain: { value: 85, at: '2026-11-20T11:00:00.000Z', state: 'critical', threshold: '60|80|1' },
      coinOpticalLevel: { value: 30, at: '2026-11-20T09:00:00.000Z', state: 'warning', threshold: '40|20|0' },
    });
  });

  it('a state reached under another threshold is read again from its reading alone', () => {
    const held = { value: 79, state: 'critical' as const, threshold: thresholdKey(rising) };
    // Same threshold: the hysteresis holds it critical.
    expect(currentDirtiness(held, rising)).toBe('critical');
    // The threshold moved up since: 79 alone is ok under 85/95, warning under 70/100.
    expect(currentDirtiness(held, { warning: 85, critical: 95, valuesIncrease: true })).toBe('ok');
    expect(currentDirtiness(held, { warning: 70, critical: 100, valuesIncrease: true })).toBe('warning');
    expect(currentDirtiness(held, undefined)).toBe('unknown');
  });
});

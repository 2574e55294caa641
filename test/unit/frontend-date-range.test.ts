import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetOf, presetRange } from '../../frontend/src/components/date-range/presets';

/** Local dates, so the expectations hold in any time zone. */
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('date range presets', () => {
  it('are the seven of the spec', () => {
    expect(DATE_PRESETS).toEqual(['today', 'yesterday', 'last7Days', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth']);
  });

  it('compute days, weeks from Monday and months (Wednesday 2024-03-13)', () => {
    const now = at(2024, 3, 13);
    expect(presetRange('today', now)).toEqual({ startDate: '2024-03-13', endDate: '2024-03-13' });
    expect(presetRange('yesterday', now)).toEqual({ startDate: '2024-03-12', endDate: '2024-03-12' });
    expect(presetRange('last7Days', now)).toEqual({ startDate: '2024-03-07', endDate: '2024-03-13' });
    expect(presetRange('thisWeek', now)).toEqual({ startDate: '2024-03-11', endDate: '2024-03-13' });
    expect(presetRange('previousWeek', now)).toEqual({ startDate: '2024-03-04', endDate: '2024-03-10' });
    expect(presetRange('thisMonth', now)).toEqual({ startDate: '2024-03-01', endDate: '2024-03-13' });
    expect(presetRange('previousMonth', now)).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });

  it('treat Sunday as the last day of the week', () => {
    const sunday = at(2024, 3, 17, 23);
    expect(presetRange('thisWeek', sunday)).toEqual({ startDate: '2024-03-11', endDate: '2024-03-17' });
    expect(presetRange('previousWeek', sunday)).toEqual({ startDate: '2024-03-04', endDate: '2024-03-10' });
    const monday = at(2024, 3, 18, 0);
    expect(presetRange('thisWeek', monday)).toEqual({ startDate: '2024-03-18', endDate: '2024-03-18' });
  });

  it('cross year boundaries', () => {
    const newYear = at(2025, 1, 1);
    expect(presetRange('yesterday', newYear)).toEqual({ startDate: '2024-12-31', endDate: '2024-12-31' });
    expect(presetRange('previousMonth', newYear)).toEqual({ startDate: '2024-12-01', endDate: '2024-12-31' });
    expect(presetRange('previousWeek', newYear)).toEqual({ startDate: '2024-12-23', endDate: '2024-12-29' });
    expect(presetRange('last7Days', newYear)).toEqual({ startDate: '2024-12-26', endDate: '2025-01-01' });
  });

  it('recognise a stored range as its preset, and a custom one as none', () => {
    const now = at(2024, 3, 13);
    expect(presetOf({ startDate: '2024-03-04', endDate: '2024-03-10' }, now)).toBe('previousWeek');
    expect(presetOf({ startDate: '2024-03-05', endDate: '2024-03-10' }, now)).toBeNull();
  });
});

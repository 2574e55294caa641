import { describe, expect, it } from 'vitest';
import { dailySeries, readRange, salesPeriods, sameDayMonthBefore } from '../../functions/core/dashboard/periods';
import { emptyFigures, type Figures } from '../../functions/core/transactions/stats';

const cash = (count: number, value: number): Figures => ({ ...emptyFigures(), cash: { count, value } });
const hours = (sold: Record<number, Figures>) => Array.from({ length: 24 }, (_, h) => sold[h] ?? emptyFigures());

describe('dashboard periods', () => {
  it('the same day of the month before, or its last day when that month is shorter', () => {
    expect(sameDayMonthBefore('2026-03-31')).toBe('2026-02-28');
    expect(sameDayMonthBefore('2024-03-30')).toBe('2024-02-29');
    expect(sameDayMonthBefore('2026-01-15')).toBe('2025-12-15');
  });

  it('reads from the first of the month before, or two weeks back when the month has just begun', () => {
    expect(readRange('2026-12-20')).toEqual({ from: '2026-11-01', to: '2026-12-20' });
    expect(readRange('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });

  it('today: its hours so far against the same hours of the same weekday a week before; week from Monday; month from the 1st', () => {
    // Wednesday 2026-12-09, 14h.
    const days = new Map([
      ['2026-12-07', cash(1, 100)], // Monday this week
      ['2026-12-09', cash(2, 50)],
      ['2026-11-30', cash(4, 400)], // Monday the week before
      ['2026-12-02', cash(8, 800)], // Wednesday the week before
      ['2026-12-03', cash(16, 1600)], // Thursday the week before: after the span
      ['2026-11-09', cash(32, 3200)], // the same day of the month before
      ['2026-11-10', cash(64, 6400)], // after it
    ]);
    const p = salesPeriods(days, '2026-12-09', 14, hours({ 9: cash(1, 20), 14: cash(1, 30), 15: cash(5, 5) }), hours({ 14: cash(3, 90), 20: cash(5, 500) }));
    expect(p.today).toMatchObject({
      from: '2026-12-09',
      previousFrom: '2026-12-02',
      current: { cash: { count: 2, value: 50 } },
      previous: { cash: { count: 3, value: 90 } },
    });
    expect(p.week).toMatchObject({ from: '2026-12-07', to: '2026-12-09', previousFrom: '2026-11-30', previousTo: '2026-12-02' });
    expect(p.week.current.cash).toEqual({ count: 3, value: 150 });
    expect(p.week.previous.cash).toEqual({ count: 12, value: 1200 });
    expect(p.month).toMatchObject({ from: '2026-12-01', previousFrom: '2026-11-01', previousTo: '2026-11-09' });
    // December so far (the week before's Wednesday and Thursday too), against 1–9 November.
    expect(p.month.current.cash).toEqual({ count: 1 + 2 + 8 + 16, value: 100 + 50 + 800 + 1600 });
    expect(p.month.previous.cash).toEqual({ count: 32, value: 3200 });
  });

  it('a merchant without any sale: zeros everywhere, every chart day present', () => {
    const p = salesPeriods(new Map(), '2026-12-01', 0, hours({}), hours({}));
    expect(p.today.current).toEqual(emptyFigures());
    expect(p.month.previous).toEqual(emptyFigures());
    const week = dailySeries(new Map(), '2026-11-25', '2026-12-01');
    expect(week.map((d) => d.day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(week.every((d) => d.figures.cash.count === 0)).toBe(true);
  });
});

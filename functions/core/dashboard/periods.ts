/**
 * The dashboard's sales periods in the merchant's local days: today (its hours so far) against the same weekday's
 * hours a week before, the week so far (from Monday) and the month so far against the same days of the period before.
 */
import type { DayFigures, SalesComparison } from '#schemas/dashboard';
import { addFigures, daysOf, emptyFigures, type Figures } from '../transactions/stats';
import { addDays, addMonths, firstOfMonth, weekdayOf } from '../shared/zoned-time';

/** The last day of the month a day falls in. */
const lastOfMonth = (day: string) => addDays(addMonths(day, 1), -1);

/** The same day of the month before, or that month's last day when it is shorter (31 March → 28/29 February). */
export function sameDayMonthBefore(day: string): string {
  const before = addMonths(day, -1);
  const last = lastOfMonth(before);
  const wanted = `${before.slice(0, 8)}${day.slice(8, 10)}`;
  return wanted > last ? last : wanted;
}

/** The days the dashboard reads: from the first of the month before (or 13 days back, if earlier) to today. */
export function readRange(today: string): { from: string; to: string } {
  const monthBefore = addMonths(today, -1);
  const twoWeeks = addDays(today, -13);
  return { from: monthBefore < twoWeeks ? monthBefore : twoWeeks, to: today };
}

function sum(days: ReadonlyMap<string, Figures>, from: string, to: string): Figures {
  return daysOf(from, to).reduce((total, d) => (days.has(d) ? addFigures(total, days.get(d)!) : total), emptyFigures());
}

const hoursUpTo = (hours: readonly Figures[], hour: number) => hours.slice(0, hour + 1).reduce((total, h) => addFigures(total, h), emptyFigures());

const comparison = (days: ReadonlyMap<string, Figures>, from: string, to: string, previousFrom: string, previousTo: string): SalesComparison => ({
  from,
  to,
  current: sum(days, from, to),
  previousFrom,
  previousTo,
  previous: sum(days, previousFrom, previousTo),
});

/**
 * Today (hours 0 to `hour` of today and of the same weekday a week before), the week from Monday and the month from
 * its first, each against the same span of the period before.
 */
export function salesPeriods(
  days: ReadonlyMap<string, Figures>,
  today: string,
  hour: number,
  hoursToday: readonly Figures[],
  hoursWeekBefore: readonly Figures[],
) {
  const weekBefore = addDays(today, -7);
  const monday = addDays(today, -weekdayOf(today));
  const first = firstOfMonth(today);
  return {
    today: {
      from: today,
      to: today,
      current: hoursUpTo(hoursToday, hour),
      previousFrom: weekBefore,
      previousTo: weekBefore,
      previous: hoursUpTo(hoursWeekBefore, hour),
    },
    week: comparison(days, monday, today, addDays(monday, -7), weekBefore),
    month: comparison(days, first, today, addMonths(first, -1), sameDayMonthBefore(today)),
  };
}

/** Each day of a range with its figures (zeros when it sold nothing). */
export const dailySeries = (days: ReadonlyMap<string, Figures>, from: string, to: string): DayFigures[] =>
  daysOf(from, to).map((day) => ({ day, figures: days.get(day) ?? emptyFigures() }));

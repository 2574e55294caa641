import { STAT_CATEGORIES, STATS_PERIODS, type StatCategory, type StatsPeriod } from '#schemas/transaction-constants';
import type { StatsFigures } from '#schemas/transaction';
import { presetRange } from '../../components/date-range/presets';
import type { StatsChoice } from './api/get-stats';

/** `other` has a count only (its value is always 0): the value charts and columns leave it out. */
export const VALUE_CATEGORIES: readonly StatCategory[] = STAT_CATEGORIES.filter((c) => c !== 'other');

export const totalCount = (f: StatsFigures) => STAT_CATEGORIES.reduce((sum, c) => sum + f[c].count, 0);
export const totalValue = (f: StatsFigures) => VALUE_CATEGORIES.reduce((sum, c) => sum + f[c].value, 0);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The screen's choice from its address (?period&from&to&groupId); the last 7 days by day when missing or unreadable. */
export function choiceFromSearch(search: URLSearchParams, now: Date = new Date()): StatsChoice {
  const period = search.get('period') as StatsPeriod | null;
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const range = DAY.test(from) && DAY.test(to) && from <= to ? { startDate: from, endDate: to } : presetRange('last7Days', now);
  return {
    period: period && STATS_PERIODS.includes(period) ? period : 'day',
    from: range.startDate,
    to: range.endDate,
    groupId: search.get('groupId') ?? '',
  };
}

export function searchOfChoice(c: StatsChoice): URLSearchParams {
  return new URLSearchParams({ period: c.period, from: c.from, to: c.to, ...(c.groupId ? { groupId: c.groupId } : {}) });
}

/**
 * A period's name from its first day (YYYY-MM-DD): a day and a week as DD/MM (spec §9: charts show days DD/MM; a
 * week by its Monday), a month by its name and year in the user's language.
 */
export function periodLabel(start: string, period: StatsPeriod, locale: string): string {
  if (period === 'month') return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
  return `${start.slice(8, 10)}/${start.slice(5, 7)}`;
}

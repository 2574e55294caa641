/**
 * Transaction statistics (issue 20 item 2): counts and values per category (transaction-constants.ts), kept on write
 * per merchant, group and machine for each day in the merchant's time zone, and summed by period on read.
 */
import { STAT_CATEGORIES, transactionCategory, type StatCategory, type StatsPeriod } from '#schemas/transaction-constants';
import { addDays, dayIn, firstOfMonth, hourIn, weekdayOf } from '../shared/zoned-time';

export type Figures = Record<StatCategory, { count: number; value: number }>;

/** What statistics need of a transaction. `serial` null: made in the cloud without a machine. */
export interface CountedTransaction {
  type: number;
  value: number;
  freeSale?: boolean | null;
  errorSale?: boolean | null;
  createdAt: string;
  serial: string | null;
  posName: string | null;
  groupId: string | null;
}

/** One counter to move: a category's count and value in an hour of a day, of the merchant, a group or a machine. */
export interface StatsIncrement {
  scope: 'merchant' | 'group' | 'machine';
  /** The group (scope group; a machine's group when it sold). */
  groupId: string | null;
  serial: string | null;
  posName: string | null;
  day: string;
  /** The local hour (00–23): merchant and group counters keep hours too (today against the same weekday's hours). */
  hour: string;
  category: StatCategory;
  count: number;
  value: number;
}

export const emptyFigures = (): Figures => Object.fromEntries(STAT_CATEGORIES.map((c) => [c, { count: 0, value: 0 }])) as Figures;

export function addFigures(into: Figures, more: Figures): Figures {
  for (const c of STAT_CATEGORIES) {
    into[c].count += more[c].count;
    into[c].value += more[c].value;
  }
  return into;
}

/** `other` counts only: its types (credit info, transfers, visits) move no money of a sale. */
const valueOf = (category: StatCategory, value: number) => (category === 'other' ? 0 : value);

/**
 * The counters some transactions move, summed per merchant, group and machine, day and category. The day is the
 * merchant's (its time zone); a transaction counts for the group that sold (its machine's group then).
 */
export function statsIncrements(transactions: readonly CountedTransaction[], timeZone: string): StatsIncrement[] {
  const out = new Map<string, StatsIncrement>();
  const add = (inc: StatsIncrement) => {
    const key = `${inc.scope}#${inc.groupId}#${inc.serial}#${inc.day}#${inc.hour}#${inc.category}`;
    const seen = out.get(key);
    if (seen) {
      seen.count += inc.count;
      seen.value += inc.value;
      if (inc.posName) seen.posName = inc.posName;
    } else out.set(key, { ...inc });
  };
  for (const t of transactions) {
    const category = transactionCategory(t);
    const base = {
      day: dayIn(timeZone, t.createdAt),
      hour: hourIn(timeZone, t.createdAt),
      category,
      count: 1,
      value: valueOf(category, t.value),
      posName: null,
      serial: null,
      groupId: null,
    };
    add({ ...base, scope: 'merchant' });
    if (t.groupId) add({ ...base, scope: 'group', groupId: t.groupId });
    if (t.serial) add({ ...base, scope: 'machine', serial: t.serial, posName: t.posName, groupId: t.groupId });
  }
  return [...out.values()];
}

/** The first day of the period a day falls in, not before the range's first day (weeks start on Monday). */
export function periodStart(day: string, period: StatsPeriod, rangeFrom: string): string {
  const start = period === 'day' ? day : period === 'week' ? addDays(day, -weekdayOf(day)) : firstOfMonth(day);
  return start < rangeFrom ? rangeFrom : start;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Figures per day summed into the range's periods, every period present (empty ones with zeros), in order. */
export function byPeriod(days: ReadonlyMap<string, Figures>, from: string, to: string, period: StatsPeriod): Array<{ start: string; figures: Figures }> {
  const periods = new Map<string, Figures>();
  for (const d of daysOf(from, to)) {
    const start = periodStart(d, period, from);
    const figures = periods.get(start) ?? emptyFigures();
    const day = days.get(d);
    if (day) addFigures(figures, day);
    periods.set(start, figures);
  }
  return [...periods.entries()].map(([start, figures]) => ({ start, figures }));
}

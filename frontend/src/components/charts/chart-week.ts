/**
 * The week a history chart shows (spec §9: 7 days labelled DD/MM): local calendar days ending on
 * `lastDay` (YYYY-MM-DD), and the readings that fall inside it as chart points.
 */
export const WEEK_DAYS = 7;
const DAY_MS = 86_400_000;

export interface WeekDay {
  /** YYYY-MM-DD */
  date: string;
  /** DD/MM */
  label: string;
  /** Local midnight of the day, in ms. */
  start: number;
}

export interface ChartWeek {
  days: WeekDay[];
  /** Local midnight of the first day (inclusive), in ms. */
  from: number;
  /** Local midnight after the last day (exclusive), in ms. */
  to: number;
}

export interface ChartPoint {
  x: number;
  y: number;
}

const parseDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The 7 days ending on `lastDay` (today by default). */
export function chartWeek(lastDay: string): ChartWeek {
  const last = parseDay(lastDay);
  const days: WeekDay[] = [];
  for (let i = WEEK_DAYS - 1; i >= 0; i--) {
    const day = new Date(last.getFullYear(), last.getMonth(), last.getDate() - i);
    const date = isoDay(day);
    days.push({ date, label: `${date.slice(8, 10)}/${date.slice(5, 7)}`, start: day.getTime() });
  }
  const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1).getTime();
  return { days, from: days[0]!.start, to };
}

/** The last day of the week before or after (`step` −1 or +1). */
export function shiftWeek(lastDay: string, step: number): string {
  const last = parseDay(lastDay);
  return isoDay(new Date(last.getFullYear(), last.getMonth(), last.getDate() + step * WEEK_DAYS));
}

export const todayIso = (now: Date = new Date()) => isoDay(now);

/** Readings inside the week, in time order; unreadable or 0001-01-01 times are dropped. */
export function weekPoints(readings: readonly { at: string; value: number | null }[], week: ChartWeek): ChartPoint[] {
  return readings
    .flatMap((r) => {
      const x = Date.parse(r.at);
      if (r.value === null || !Number.isFinite(r.value) || Number.isNaN(x) || r.at.startsWith('0001-01-01')) return [];
      return x >= week.from && x < week.to ? [{ x, y: r.value }] : [];
    })
    .sort((a, b) => a.x - b.x);
}

/** The DD/MM label of the day a tick falls on (ticks are placed on the days' starts). */
export function dayLabel(week: ChartWeek, value: number): string {
  const index = Math.floor((value - week.from) / DAY_MS);
  return week.days.find((d) => d.start === value)?.label ?? week.days[index]?.label ?? '';
}

/** Options every time-series line chart shares: points already in {x: epoch ms, y}, no animation, nearest point on hover. */
export const TIME_SERIES_OPTIONS = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  parsing: false,
  interaction: { mode: 'nearest', intersect: false },
} as const;

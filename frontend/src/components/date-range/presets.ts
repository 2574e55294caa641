/**
 * Date range presets (spec §2), computed on local calendar days. Weeks start on Monday; "this week" and
 * "this month" end today, the previous week and month are complete. Dates are YYYY-MM-DD.
 */
export const DATE_PRESETS = ['today', 'yesterday', 'last7Days', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  startDate: string;
  endDate: string;
}

export function toIsoDate(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${mm}-${dd}`;
}

/** A local day `days` after (or before) the given one; Date normalises month and year overflow. */
const day = (from: Date, days = 0) => new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
const range = (start: Date, end: Date): DateRange => ({ startDate: toIsoDate(start), endDate: toIsoDate(end) });

export function presetRange(preset: DatePreset, now: Date = new Date()): DateRange {
  const today = day(now);
  const sinceMonday = (today.getDay() + 6) % 7;
  const monday = day(today, -sinceMonday);
  switch (preset) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(day(today, -1), day(today, -1));
    case 'last7Days':
      return range(day(today, -6), today);
    case 'thisWeek':
      return range(monday, today);
    case 'previousWeek':
      return range(day(monday, -7), day(monday, -1));
    case 'thisMonth':
      return range(new Date(today.getFullYear(), today.getMonth(), 1), today);
    case 'previousMonth':
      return range(new Date(today.getFullYear(), today.getMonth() - 1, 1), new Date(today.getFullYear(), today.getMonth(), 0));
  }
}

/** The preset a range corresponds to today, if any (a restored filter shows its preset again). */
export function presetOf(value: DateRange, now: Date = new Date()): DatePreset | null {
  return (
    DATE_PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.startDate === value.startDate && r.endDate === value.endDate;
    }) ?? null
  );
}

import { DEFAULT_AUDIT_TRAIL_RANGE_DAYS } from '#schemas/audit';
import { toIsoDate, type DateRange } from '../../components/date-range/presets';

/** The filters naming what a call was about (the API's query names): a machine, a media, a user. */
export const TARGET_FILTERS = ['serial', 'mediaId', 'targetUserId'] as const;

/** Every filter of the log kept in the table state: the days (sent as instants), who, what, what about, how it ended. */
export const LOG_FILTERS = ['startDate', 'endDate', 'userId', 'action', 'outcome', ...TARGET_FILTERS] as const;

/** The days the log opens on: the last DEFAULT_AUDIT_TRAIL_RANGE_DAYS up to today, the window the API reads without a range. */
export function recentRange(now: Date = new Date()): DateRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_AUDIT_TRAIL_RANGE_DAYS - 1));
  return { startDate: toIsoDate(start), endDate: toIsoDate(now) };
}

/**
 * The filters a link into the log names (`/manage/audit-log?serial=CENG-00000001`, `?mediaId=`, `?targetUserId=`, from a
 * machine's, media's or user's screen): that target alone over the recent days, every other filter cleared. Null when the
 * address names no target.
 */
export function linkedFilters(params: URLSearchParams, now: Date = new Date()): Record<(typeof LOG_FILTERS)[number], string> | null {
  const target = TARGET_FILTERS.find((name) => (params.get(name) ?? '').trim() !== '');
  if (!target) return null;
  const cleared = Object.fromEntries(LOG_FILTERS.map((name) => [name, ''])) as Record<(typeof LOG_FILTERS)[number], string>;
  return { ...cleared, ...recentRange(now), [target]: params.get(target)!.trim() };
}

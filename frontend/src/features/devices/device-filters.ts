import type { DateRange } from '../../components/date-range/presets';

/** The list's date filters (spec §3): each range is sent as <prefix>DateFrom / <prefix>DateTo. */
export const DATE_FILTERS = [
  { prefix: 'lastUpdate', labelId: 'devices.filter.lastUpdate' },
  { prefix: 'created', labelId: 'devices.filter.created' },
  { prefix: 'warranty', labelId: 'devices.filter.warranty' },
] as const;
export type DateFilterPrefix = (typeof DATE_FILTERS)[number]['prefix'];

type Filters = Readonly<Record<string, string>>;

export function dateRangeOf(filter: Filters, prefix: DateFilterPrefix): DateRange {
  return { startDate: filter[`${prefix}DateFrom`] ?? '', endDate: filter[`${prefix}DateTo`] ?? '' };
}

/** The filter fields a range sets (empty strings clear them: the table sends only set filters). */
export function dateRangeFilters(prefix: DateFilterPrefix, range: DateRange): Record<string, string> {
  return { [`${prefix}DateFrom`]: range.startDate, [`${prefix}DateTo`]: range.endDate };
}

/** groupIds is sent comma-joined. */
export const groupIdsOf = (filter: Filters): string[] => (filter.groupIds ?? '').split(',').filter((id) => id !== '');
export const joinGroupIds = (ids: readonly string[]) => [...new Set(ids)].join(',');

/** "Show hidden": the hidden machines are listed instead of the visible ones. */
export const HIDDEN_FILTER = 'hidden';
export const showsHidden = (filter: Filters) => filter[HIDDEN_FILTER] === 'true';

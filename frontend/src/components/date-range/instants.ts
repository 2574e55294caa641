import type { DateRange } from './presets';
import type { PageQuery } from '../data-table/table-state';

/**
 * A history list filters on local calendar days (the date range picker) while the API takes instants:
 * `from` is the start of the first day, `to` the start of the day after the last one (exclusive).
 */
export function rangeInstants(range: Partial<DateRange>): { from?: string; to?: string } {
  const start = (day: string, plus = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d! + plus).toISOString();
  };
  return { ...(range.startDate ? { from: start(range.startDate) } : {}), ...(range.endDate ? { to: start(range.endDate, 1) } : {}) };
}

/** The table's query with its day filters (`startDate`, `endDate`) sent as instants. */
export function historyQuery({ startDate, endDate, ...rest }: PageQuery): Record<string, string | number> {
  return { ...rest, ...rangeInstants({ startDate: startDate as string | undefined, endDate: endDate as string | undefined }) };
}

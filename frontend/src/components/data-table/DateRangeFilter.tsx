import { DateRangePicker } from '../date-range/DateRangePicker';
import type { DataTableModel } from './use-data-table';

/**
 * A date range for the filter bar: local days kept as the table's `startDate` / `endDate` filters (sent as
 * instants). `optional` (history tables) adds "any date", the empty range, i.e. no filter.
 */
export function DateRangeFilter<T>({ table, testId, optional = false }: { table: DataTableModel<T>; testId: string; optional?: boolean }) {
  const { filter } = table.state;
  return (
    <DateRangePicker
      optional={optional}
      testId={testId}
      value={{ startDate: filter.startDate ?? '', endDate: filter.endDate ?? '' }}
      onChange={(range) => {
        table.setFilter('startDate', range.startDate);
        table.setFilter('endDate', range.endDate);
      }}
    />
  );
}

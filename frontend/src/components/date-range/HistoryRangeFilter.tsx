import { DateRangePicker } from './DateRangePicker';
import type { DataTableModel } from '../data-table/use-data-table';

/** The date range of a history table: local days kept as the `startDate` / `endDate` filters (sent as instants). */
export function HistoryRangeFilter<T>({ table }: { table: DataTableModel<T> }) {
  const { filter } = table.state;
  return (
    <DateRangePicker
      optional
      testId="history-range"
      value={{ startDate: filter.startDate ?? '', endDate: filter.endDate ?? '' }}
      onChange={(range) => {
        table.setFilter('startDate', range.startDate);
        table.setFilter('endDate', range.endDate);
      }}
    />
  );
}

import type { Transaction } from '#schemas/transaction';
import { DataTable, type PageResult } from '../../../components/data-table/DataTable';
import type { DataTableModel } from '../../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../../components/data-table/DateRangeFilter';
import { mediaErrorMessageId } from '../messages';

/** Newest first, the one order these lists have. */
export const TRANSACTIONS_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** A media's or a customer's transactions with the date range filter (the table with components/transactions' columns). */
export function TransactionsTable({
  table,
  result,
  emptyMessageId,
}: {
  table: DataTableModel<Transaction>;
  result: PageResult<Transaction>;
  emptyMessageId: string;
}) {
  return (
    <DataTable
      table={table}
      result={result}
      rowKey={(t) => t.id}
      emptyMessageId={emptyMessageId}
      errorMessageId={mediaErrorMessageId}
      filters={<DateRangeFilter table={table} testId="history-range" optional />}
    />
  );
}

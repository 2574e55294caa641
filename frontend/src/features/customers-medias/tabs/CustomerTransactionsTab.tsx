import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../../../schemas/transaction';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { useCustomerTransactions } from '../api/get-customer-transactions';
import { TRANSACTIONS_SORT, TransactionsTable, useTransactionColumns } from '../components/TransactionsTable';
import { useCustomerContext } from '../CustomerDetailPage';
import { mediaPath, mediaSerialText } from '../media-labels';

/** /customers-medias/customers/{id}/transactions: the transactions of the customer's medias, newest first, each with its media. */
export function CustomerTransactionsTab() {
  const intl = useIntl();
  const { merchantId, customer } = useCustomerContext();
  const mediaColumn = useMemo<Column<Transaction>[]>(
    () => {
      const serial = (t: Transaction) => (t.media ? mediaSerialText(t.media.serial, (id) => intl.formatMessage({ id })) : '');
      return [{ id: 'media', messageId: 'medias.field.serial', value: serial, render: (t) => (t.media ? <Link to={mediaPath(t.media.id)}>{serial(t)}</Link> : '') }];
    },
    [intl],
  );
  const columns = useTransactionColumns(mediaColumn);
  const table = useDataTable({ tableId: 'customer-transactions', columns, defaultSort: TRANSACTIONS_SORT });
  const page = useCustomerTransactions(merchantId, customer.id, table.query);
  return (
    <div className="media-tab" data-testid="customer-transactions">
      <TransactionsTable table={table} result={page} emptyMessageId="customers.transactions.empty" />
    </div>
  );
}

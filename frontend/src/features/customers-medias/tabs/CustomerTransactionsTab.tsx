import type { Transaction } from '#schemas/transaction';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { useTransactionColumns } from '../../../components/transactions/transaction-columns';
import { useCustomerTransactions } from '../api/get-customer-transactions';
import { TRANSACTIONS_SORT, TransactionsTable } from '../components/TransactionsTable';
import { useCustomerContext } from '../CustomerDetailPage';
import { useFeature } from '../../../lib/resources/use-feature';

/** /customers-medias/customers/{id}/transactions: the transactions of the customer's medias, newest first, each with its media. */
export function CustomerTransactionsTab() {
  const { merchantId, customer } = useCustomerContext();
  const details = useFeature('TRANSACTIONS_DETAILS').enabled;
  const columns = useTransactionColumns<Transaction>({ withMachine: true, details });
  const table = useDataTable({ tableId: 'customer-transactions', columns, defaultSort: TRANSACTIONS_SORT });
  const page = useCustomerTransactions(merchantId, customer.id, table.query);
  return (
    <div className="media-tab" data-testid="customer-transactions">
      <TransactionsTable table={table} result={page} emptyMessageId="customers.transactions.empty" />
    </div>
  );
}

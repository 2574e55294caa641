import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { PosTransaction } from '#schemas/pos-history';
import { DataTable } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../../components/data-table/DateRangeFilter';
import { useTransactionColumns } from '../../../components/transactions/transaction-columns';
import { SHOWN_TRANSACTION_TYPES, TRANSACTION_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { useTransactionPage } from '../api/get-transaction-page';
import { deviceErrorMessageId } from '../messages';
import { useFeature } from '../../../lib/resources/use-feature';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** /devices/{serial}/transactions: what the machine sold (and other transactions), newest first, with the columns of every transaction list. */
export function TransactionsTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const details = useFeature('TRANSACTIONS_DETAILS').enabled;
  const columns = useTransactionColumns<PosTransaction>({ withMachine: false, details });
  const table = useDataTable({ tableId: 'device-transactions', columns, defaultSort: DEFAULT_SORT });
  const page = useTransactionPage(serial, table.query);
  const typeOptions = SHOWN_TRANSACTION_TYPES.map((t) => ({ value: String(t), label: `${t} · ${intl.formatMessage({ id: TRANSACTION_TYPE_MESSAGES[t]! })}` }));
  return (
    <div className="device-tab" data-testid="device-transactions">
      <DataTable
        table={table}
        result={page}
        rowKey={(t) => `${t.createdAt}#${t.transactionId}`}
        emptyMessageId="devices.transactions.empty"
        errorMessageId={deviceErrorMessageId}
        filters={
          <>
            <DateRangeFilter table={table} testId="history-range" optional />
            <SelectFilter
              table={table}
              field="type"
              messageId="transactions.field.type"
              allLabel={intl.formatMessage({ id: 'devices.transactions.allTypes' })}
              options={typeOptions}
            />
          </>
        }
      />
    </div>
  );
}

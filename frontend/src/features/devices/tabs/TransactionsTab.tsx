import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { PosTransaction } from '../../../../../schemas/pos-history';
import { DataTable } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTransactionPage } from '../api/get-transaction-page';
import { labelOr, MEDIA_TYPE_MESSAGES, PRICE_TABLE_MESSAGES, SHOWN_TRANSACTION_TYPES, TRANSACTION_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { deviceErrorMessageId } from '../messages';
import { HistoryRangeFilter } from '../../../components/date-range/HistoryRangeFilter';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** /devices/{serial}/transactions: what the machine sold (and other transactions), newest first. */
export function TransactionsTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const columns = useMemo<Column<PosTransaction>[]>(() => {
    const format = (id: string) => intl.formatMessage({ id });
    const yesNo = (flag: boolean | undefined) => (flag ? format('devices.yes') : '');
    return [
      { id: 'createdAt', messageId: 'devices.transactions.createdAt', ord: 'createdAt', value: (t) => formatDateTime(t.createdAt, intl.locale) },
      { id: 'type', messageId: 'devices.transactions.type', value: (t) => labelOr(TRANSACTION_TYPE_MESSAGES[t.type], t.type, format) },
      { id: 'line', messageId: 'devices.transactions.line', value: (t) => String(t.line) },
      { id: 'productCode', messageId: 'devices.transactions.productCode', value: (t) => t.productCode },
      { id: 'priceTable', messageId: 'devices.transactions.priceTable', value: (t) => labelOr(PRICE_TABLE_MESSAGES[t.priceTable], t.priceTable, format) },
      { id: 'value', messageId: 'devices.transactions.value', value: (t) => formatMoney(t.value, t.currency, intl.locale) },
      { id: 'mediaType', messageId: 'devices.transactions.mediaType', value: (t) => labelOr(MEDIA_TYPE_MESSAGES[t.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], t.mediaType, format) },
      { id: 'valueCharge', messageId: 'devices.transactions.valueCharge', value: (t) => (t.valueCharge === undefined ? '' : formatMoney(t.valueCharge, t.currency, intl.locale)) },
      { id: 'freeSale', messageId: 'devices.transactions.freeSale', value: (t) => yesNo(t.freeSale) },
      { id: 'errorSale', messageId: 'devices.transactions.errorSale', value: (t) => yesNo(t.errorSale) },
    ];
  }, [intl]);
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
            <HistoryRangeFilter table={table} />
            <SelectFilter table={table} field="type" messageId="devices.transactions.type" allLabel={intl.formatMessage({ id: 'devices.transactions.allTypes' })} options={typeOptions} />
          </>
        }
      />
    </div>
  );
}

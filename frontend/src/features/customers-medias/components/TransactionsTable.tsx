import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Transaction } from '../../../../../schemas/transaction';
import { DataTable, type PageResult } from '../../../components/data-table/DataTable';
import type { Column, DataTableModel } from '../../../components/data-table/use-data-table';
import { HistoryRangeFilter } from '../../../components/date-range/HistoryRangeFilter';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { labelOr, MEDIA_TYPE_MESSAGES, PRICE_TABLE_MESSAGES, TRANSACTION_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { mediaErrorMessageId } from '../messages';

/** Newest first, the one order these lists have. */
export const TRANSACTIONS_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** The columns of a media's or a customer's transactions: when, what, where (the machine, or the cloud), how much; `extra` after where. */
export function useTransactionColumns(extra: readonly Column<Transaction>[] = NO_COLUMNS): Column<Transaction>[] {
  const intl = useIntl();
  return useMemo<Column<Transaction>[]>(() => {
    const text = (id: string) => intl.formatMessage({ id });
    const money = (value: number | null, currency: string) => (value === null ? '' : formatMoney(value, currency, intl.locale));
    const yes = (flag: boolean) => (flag ? text('medias.yes') : '');
    return [
      { id: 'createdAt', messageId: 'medias.transactions.createdAt', ord: 'createdAt', value: (t) => formatDateTime(t.createdAt, intl.locale) },
      { id: 'type', messageId: 'medias.transactions.type', value: (t) => labelOr(TRANSACTION_TYPE_MESSAGES[t.type], t.type, text) },
      { id: 'mediaType', messageId: 'medias.field.mediaType', value: (t) => labelOr(MEDIA_TYPE_MESSAGES[t.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], t.mediaType, text) },
      { id: 'value', messageId: 'medias.transactions.value', value: (t) => money(t.value, t.currency) },
      {
        id: 'machine',
        messageId: 'medias.transactions.machine',
        value: (t) => (t.serial ? `${t.posName ?? ''} ${t.serial}`.trim() : text('medias.transactions.cloud')),
        render: (t) => (t.serial ? <Link to={`/devices/${encodeURIComponent(t.serial)}/transactions`}>{t.posName ? `${t.posName} · ${t.serial}` : t.serial}</Link> : text('medias.transactions.cloud')),
      },
      ...extra,
      { id: 'product', messageId: 'medias.transactions.product', value: (t) => t.product ?? '' },
      { id: 'productCode', messageId: 'medias.transactions.productCode', value: (t) => t.productCode },
      // 0: none (a recharge or a transaction made in the cloud has no selection and no price table).
      { id: 'line', messageId: 'medias.transactions.line', value: (t) => (t.line === 0 ? '' : String(t.line)) },
      { id: 'priceTable', messageId: 'medias.transactions.priceTable', value: (t) => (t.priceTable === 0 ? '' : labelOr(PRICE_TABLE_MESSAGES[t.priceTable], t.priceTable, text)) },
      { id: 'valueCharge', messageId: 'medias.transactions.valueCharge', value: (t) => money(t.valueCharge, t.currency) },
      { id: 'freeSale', messageId: 'medias.transactions.freeSale', value: (t) => yes(t.freeSale) },
      { id: 'errorSale', messageId: 'medias.transactions.errorSale', value: (t) => yes(t.errorSale) },
      { id: 'savedAt', messageId: 'medias.transactions.savedAt', value: (t) => formatDateTime(t.savedAt, intl.locale) },
      { id: 'originalTransactionId', messageId: 'medias.transactions.originalTransactionId', value: (t) => t.originalTransactionId ?? '' },
    ];
  }, [intl, extra]);
}
const NO_COLUMNS: readonly never[] = [];

/** A media's or a customer's transactions with the date range filter (the table from useTransactionColumns). */
export function TransactionsTable({ table, result, emptyMessageId }: { table: DataTableModel<Transaction>; result: PageResult<Transaction>; emptyMessageId: string }) {
  return (
    <DataTable
      table={table}
      result={result}
      rowKey={(t) => t.id}
      emptyMessageId={emptyMessageId}
      errorMessageId={mediaErrorMessageId}
      filters={<HistoryRangeFilter table={table} />}
    />
  );
}

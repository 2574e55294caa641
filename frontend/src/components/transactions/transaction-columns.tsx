import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { isUnsetMediaSerial, transactionCategory } from '#schemas/transaction-constants';
import type { Transaction } from '#schemas/transaction';
import { useFormat, type Formatters } from '../../lib/format';
import {
  CATEGORY_MESSAGES,
  labelOr,
  MEDIA_TYPE_MESSAGES,
  PRICE_TABLE_MESSAGES,
  SOURCE_TYPE_MESSAGES,
  TRANSACTION_TYPE_MESSAGES,
} from '../../lib/transaction-labels';
import type { Column } from '../data-table/use-data-table';
import { FieldList } from '../FieldList';
import './transactions.css';

type Message = (id: string) => string;
type Optional<T> = T | null | undefined;

/**
 * What a list of transactions shows: a merchant's (schemas/transaction.ts) or a machine's (schemas/pos-history.ts,
 * whose issue 20 fields are optional).
 */
export type ListedTransaction = Pick<
  Transaction,
  'transactionId' | 'createdAt' | 'type' | 'line' | 'productCode' | 'priceTable' | 'value' | 'currency' | 'mediaType'
> & {
  serial?: Optional<string>;
  posName?: Optional<string>;
  product?: Optional<string>;
  valueCharge?: Optional<number>;
  freeSale?: Optional<boolean>;
  errorSale?: Optional<boolean>;
  savedAt?: Optional<string>;
  originalTransactionId?: Optional<string>;
  media?: Optional<Transaction['media']>;
  source?: Optional<{ type: number; serial: string }>;
  creditCardInfo?: Optional<{ fileId: string }>;
  externalServiceInfo?: Optional<{ userId: string }>;
};

/** A printed media serial: blank when unset (all F, spec §3). */
const mediaSerial = (t: ListedTransaction) => (t.media && !isUnsetMediaSerial(t.media.serial) ? t.media.serial : '');

/**
 * The columns of a list of transactions (the merchant's, a machine's, a media's, a customer's): the fields an
 * operator scans first are shown, the rarer ones can be picked in the column chooser, and the rest of a
 * transaction (media figures, card file, app user, reversed transaction) opens in its details cell.
 * `withMachine` adds the machine (a link to its transactions tab). `details` (the merchant's TRANSACTIONS_DETAILS;
 * on unless said) keeps the detail columns (charge, free and error sale, saved at) and the details cell: without it
 * they are absent, not merely hidden.
 */
export function useTransactionColumns<T extends ListedTransaction>({ withMachine, details = true }: { withMachine: boolean; details?: boolean }): Column<T>[] {
  const intl = useIntl();
  const format = useFormat();
  return useMemo(() => {
    const message: Message = (id) => intl.formatMessage({ id });
    const yes = (flag: Optional<boolean>) => (flag ? message('transactions.yes') : '');
    const money = (t: T, value: Optional<number>) => (value == null ? '' : format.money(value, t.currency));
    const machine: Column<T>[] = withMachine
      ? [
          {
            id: 'machine',
            messageId: 'transactions.field.machine',
            value: (t) => (t.serial ? `${t.posName ?? ''} · ${t.serial}` : message('transactions.cloud')),
            render: (t) =>
              t.serial ? (
                <Link to={`/devices/${encodeURIComponent(t.serial)}/transactions`} data-testid="transaction-machine-link">
                  {t.posName || t.serial}
                </Link>
              ) : (
                <span className="muted">
                  <FormattedMessage id="transactions.cloud" />
                </span>
              ),
          },
        ]
      : [];
    return [
      { id: 'createdAt', messageId: 'transactions.field.createdAt', ord: 'createdAt', value: (t) => format.dateTime(t.createdAt) },
      ...machine,
      { id: 'type', messageId: 'transactions.field.type', value: (t) => labelOr(TRANSACTION_TYPE_MESSAGES[t.type], t.type, message) },
      { id: 'category', messageId: 'transactions.field.category', value: (t) => message(CATEGORY_MESSAGES[transactionCategory(t)]) },
      { id: 'product', messageId: 'transactions.field.product', value: (t) => t.product ?? '' },
      { id: 'productCode', messageId: 'transactions.field.productCode', value: (t) => t.productCode },
      { id: 'line', messageId: 'transactions.field.line', value: (t) => String(t.line) },
      { id: 'value', messageId: 'transactions.field.value', value: (t) => format.money(t.value, t.currency) },
      {
        id: 'mediaType',
        messageId: 'transactions.field.mediaType',
        value: (t) => labelOr(MEDIA_TYPE_MESSAGES[t.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], t.mediaType, message),
      },
      { id: 'mediaId', messageId: 'transactions.field.mediaId', value: (t) => t.media?.id ?? '' },
      {
        id: 'sourceType',
        messageId: 'transactions.field.sourceType',
        value: (t) => (t.source ? labelOr(SOURCE_TYPE_MESSAGES[t.source.type as 0], t.source.type, message) : ''),
      },
      { id: 'priceTable', messageId: 'transactions.field.priceTable', value: (t) => labelOr(PRICE_TABLE_MESSAGES[t.priceTable], t.priceTable, message) },
      ...(details
        ? ([
            { id: 'valueCharge', messageId: 'transactions.field.valueCharge', value: (t) => money(t, t.valueCharge), hidden: true },
            { id: 'freeSale', messageId: 'transactions.field.freeSale', value: (t) => yes(t.freeSale), hidden: true },
            { id: 'errorSale', messageId: 'transactions.field.errorSale', value: (t) => yes(t.errorSale), hidden: true },
          ] satisfies Column<T>[])
        : []),
      { id: 'mediaSerial', messageId: 'transactions.field.mediaSerial', value: mediaSerial, hidden: true },
      ...(details
        ? ([{ id: 'savedAt', messageId: 'transactions.field.savedAt', value: (t) => format.dateTime(t.savedAt), hidden: true }] satisfies Column<T>[])
        : []),
      { id: 'transactionId', messageId: 'transactions.field.transactionId', value: (t) => t.transactionId, hidden: true },
      ...(details
        ? ([
            {
              id: 'details',
              messageId: 'transactions.field.details',
              value: () => '',
              render: (t) => <TransactionDetails transaction={t} format={format} message={message} />,
            },
          ] satisfies Column<T>[])
        : []),
    ];
  }, [intl, format, withMachine, details]);
}

/** The rest of a transaction, behind a disclosure in its row. */
function TransactionDetails({ transaction: t, format, message }: { transaction: ListedTransaction; format: Formatters; message: Message }) {
  const money = (value: Optional<number>) => (value == null ? '' : format.money(value, t.currency));
  const number = (value: Optional<number>) => (value == null ? '' : format.number(value));
  const rows: [string, string, string][] = [
    ['transactionId', 'transactions.field.transactionId', t.transactionId],
    ['savedAt', 'transactions.field.savedAt', format.dateTime(t.savedAt)],
    ['posName', 'transactions.field.posName', t.posName ?? ''],
    ['valueCharge', 'transactions.field.valueCharge', money(t.valueCharge)],
    ['originalTransactionId', 'transactions.field.originalTransactionId', t.originalTransactionId ?? ''],
    ['mediaSerial', 'transactions.field.mediaSerial', mediaSerial(t)],
    ['mediaCredit', 'transactions.field.mediaCredit', money(t.media?.credit ?? null)],
    ['mediaBonusCredit', 'transactions.field.mediaBonusCredit', money(t.media?.bonusCredit ?? null)],
    ['mediaBonusFreeSales', 'transactions.field.mediaBonusFreeSales', number(t.media?.bonusFreeSales ?? null)],
    ['mediaCounter', 'transactions.field.mediaCounter', number(t.media?.counter ?? null)],
    ['externalService', 'transactions.field.externalService', t.media?.externalService == null ? '' : String(t.media.externalService)],
    ['sourceSerial', 'transactions.field.sourceSerial', t.source?.serial ?? ''],
    ['creditCardFileId', 'transactions.field.creditCardFileId', t.creditCardInfo?.fileId ?? ''],
    ['externalUserId', 'transactions.field.externalUserId', t.externalServiceInfo?.userId ?? ''],
  ];
  const shown = rows.filter(([, , value]) => value !== '');
  return (
    <details className="transaction-details" data-testid="transaction-details">
      <summary>
        <FormattedMessage id="transactions.details.show" />
      </summary>
      <FieldList rows={shown} testId="transaction-detail-fields" className="field-list field-list--compact" />
    </details>
  );
}

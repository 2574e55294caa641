import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { WEB_ORDER_RESULTS, WEB_ORDER_TYPES, WEB_SERVICE_TYPES, type WebPaymentOrder } from '#schemas/webpayment-order';
import { DataTable } from '../../components/data-table/DataTable';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../components/data-table/DateRangeFilter';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useOrderPage } from './api/get-order-page';
import { orderErrorMessageId } from './messages';
import { OrderResultBadge } from './components/OrderResultBadge';
import { CHANNEL_MESSAGES, labelOf, ORDER_RESULT_MESSAGES, ORDER_TYPE_MESSAGES, orderDetailPath } from './order-labels';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** /transactions/webpayment-orders (WEBPAYMENTS): the web payment orders of the merchant picked in the app bar, newest first. */
export function WebPaymentOrdersPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="webpaymentOrders.title" />} testId="webpayment-orders-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="webpaymentOrders.chooseMerchant">
        {(merchantId) => <OrdersTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function OrdersTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const format = useFormat();
  const columns = useMemo<Column<WebPaymentOrder>[]>(() => {
    const message = (id: string) => intl.formatMessage({ id });
    const yesNo = (on: boolean) => message(on ? 'webpaymentOrders.yes' : 'webpaymentOrders.no');
    return [
      { id: 'createdAt', messageId: 'webpaymentOrders.field.createdAt', ord: 'createdAt', value: (o) => format.dateTime(o.createdAt) },
      {
        id: 'serviceTransactionNumber',
        messageId: 'webpaymentOrders.field.serviceTransactionNumber',
        value: (o) => o.serviceTransactionNumber,
        render: (o) => (
          <Link to={orderDetailPath(o.id, merchantId)} data-testid="webpayment-order-link">
            {o.serviceTransactionNumber}
          </Link>
        ),
      },
      { id: 'serviceName', messageId: 'webpaymentOrders.field.serviceName', value: (o) => o.serviceName },
      { id: 'type', messageId: 'webpaymentOrders.field.type', value: (o) => labelOf(ORDER_TYPE_MESSAGES, o.type, message) },
      {
        id: 'result',
        messageId: 'webpaymentOrders.field.result',
        value: (o) => labelOf(ORDER_RESULT_MESSAGES, o.result, message),
        render: (o) => <OrderResultBadge result={o.result} />,
      },
      { id: 'amount', messageId: 'webpaymentOrders.field.amount', value: (o) => format.money(o.amount, o.currency) },
      { id: 'processed', messageId: 'webpaymentOrders.field.processed', value: (o) => yesNo(o.processed) },
      { id: 'mediaId', messageId: 'webpaymentOrders.field.mediaId', value: (o) => o.mediaId ?? '' },
      { id: 'customerUserId', messageId: 'webpaymentOrders.field.customerUserId', value: (o) => o.customerUserId ?? '' },
      { id: 'channel', messageId: 'webpaymentOrders.field.channel', value: (o) => message(CHANNEL_MESSAGES[o.channel]), hidden: true },
      { id: 'processedAt', messageId: 'webpaymentOrders.field.processedAt', value: (o) => format.dateTime(o.processedAt), hidden: true },
      { id: 'updatedAt', messageId: 'webpaymentOrders.field.updatedAt', value: (o) => format.dateTime(o.updatedAt), hidden: true },
    ];
  }, [intl, format, merchantId]);
  const table = useDataTable({ tableId: 'webpayment-orders', columns, defaultSort: DEFAULT_SORT });
  const page = useOrderPage(merchantId, table.query);
  const message = (id: string) => intl.formatMessage({ id });
  const options = <K extends number>(values: readonly K[], messages: Record<K, string>) =>
    values.map((v) => ({ value: String(v), label: message(messages[v]) }));
  const services = Object.entries(WEB_SERVICE_TYPES).map(([value, label]) => ({ value, label }));

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(o) => o.id}
      emptyMessageId="webpaymentOrders.empty"
      errorMessageId={orderErrorMessageId}
      filters={
        <>
          <DateRangeFilter table={table} testId="history-range" optional />
          <SelectFilter
            table={table}
            field="type"
            messageId="webpaymentOrders.field.type"
            allLabel={message('webpaymentOrders.filter.allTypes')}
            options={options(WEB_ORDER_TYPES, ORDER_TYPE_MESSAGES)}
          />
          <SelectFilter
            table={table}
            field="result"
            messageId="webpaymentOrders.field.result"
            allLabel={message('webpaymentOrders.filter.allResults')}
            options={options(WEB_ORDER_RESULTS, ORDER_RESULT_MESSAGES)}
          />
          <SelectFilter
            table={table}
            field="service"
            messageId="webpaymentOrders.field.serviceName"
            allLabel={message('webpaymentOrders.filter.allServices')}
            options={services}
          />
        </>
      }
    />
  );
}

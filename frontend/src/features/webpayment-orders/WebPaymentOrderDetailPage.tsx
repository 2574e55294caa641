import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { WebPaymentOrder } from '#schemas/webpayment-order';
import { FieldList } from '../../components/FieldList';
import { Page } from '../../components/Page';
import { Loaded, NotFoundState } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useOrder } from './api/get-order';
import { OrderResultBadge } from './components/OrderResultBadge';
import { orderErrorMessageId } from './messages';
import { CHANNEL_MESSAGES, labelOf, ORDER_TYPE_MESSAGES, readableDetails } from './order-labels';
import './webpayment-orders.css';

const LIST = '/transactions/webpayment-orders';

/**
 * /transactions/webpayment-order-details?id=&merchantId= (WEBPAYMENTS): one web payment order, every field, and
 * the service's request and response details shown readable (JSON indented; card numbers arrive masked).
 */
export function WebPaymentOrderDetailPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const order = useOrder(merchantId, id);
  const notFound = <NotFoundState messageId="webpaymentOrders.detail.notFound" listPath={LIST} listMessageId="webpaymentOrders.backToList" />;

  return (
    <Page
      title={
        order.data ? (
          <FormattedMessage id="webpaymentOrders.detail.titleOf" values={{ number: order.data.serviceTransactionNumber }} />
        ) : (
          <FormattedMessage id="webpaymentOrders.detail.title" />
        )
      }
      actions={
        <Link to={LIST} className="button button--secondary">
          <FormattedMessage id="webpaymentOrders.backToList" />
        </Link>
      }
      testId="webpayment-order-detail-page"
    >
      {id === '' ? (
        notFound
      ) : (
        <Loaded result={order} errorMessageId={orderErrorMessageId} notFound={notFound}>
          {(o) => <OrderDetail order={o} />}
        </Loaded>
      )}
    </Page>
  );
}

function OrderDetail({ order: o }: { order: WebPaymentOrder }) {
  const intl = useIntl();
  const format = useFormat();
  const message = (id: string) => intl.formatMessage({ id });
  const rows: [string, string, ReactNode][] = [
    ['serviceName', 'webpaymentOrders.field.serviceName', o.serviceName],
    ['serviceTransactionNumber', 'webpaymentOrders.field.serviceTransactionNumber', o.serviceTransactionNumber],
    ['type', 'webpaymentOrders.field.type', labelOf(ORDER_TYPE_MESSAGES, o.type, message)],
    ['result', 'webpaymentOrders.field.result', <OrderResultBadge result={o.result} />],
    ['amount', 'webpaymentOrders.field.amount', format.money(o.amount, o.currency)],
    ['processed', 'webpaymentOrders.field.processed', message(o.processed ? 'webpaymentOrders.yes' : 'webpaymentOrders.no')],
    ['processedAt', 'webpaymentOrders.field.processedAt', format.dateTime(o.processedAt)],
    ['channel', 'webpaymentOrders.field.channel', message(CHANNEL_MESSAGES[o.channel])],
    ['mediaId', 'webpaymentOrders.field.mediaId', o.mediaId ?? ''],
    ['customerUserId', 'webpaymentOrders.field.customerUserId', o.customerUserId ?? ''],
    ['transactionId', 'webpaymentOrders.field.transactionId', o.transactionId ?? ''],
    ['createdAt', 'webpaymentOrders.field.createdAt', format.dateTime(o.createdAt)],
    ['updatedAt', 'webpaymentOrders.field.updatedAt', format.dateTime(o.updatedAt)],
  ];
  return (
    <>
      <section className="card">
        <FieldList rows={rows} testId="webpayment-order-fields" />
      </section>
      <div className="order-details">
        <OrderDetails titleId="webpaymentOrders.field.requestDetails" text={o.requestDetails} testId="webpayment-order-request" />
        <OrderDetails titleId="webpaymentOrders.field.responseDetails" text={o.responseDetails} testId="webpayment-order-response" />
      </div>
    </>
  );
}

/** One of the service's messages, readable; a note when the service sent none. */
function OrderDetails({ titleId, text, testId }: { titleId: string; text: string | null; testId: string }) {
  const headingId = useId();
  const readable = readableDetails(text);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id={titleId} />
      </h2>
      {readable === '' ? (
        <p className="order-details__none" data-testid={testId}>
          <FormattedMessage id="webpaymentOrders.detail.noDetails" />
        </p>
      ) : (
        // Focusable: a long message scrolls inside its box, by keyboard too.
        <pre className="code-view" tabIndex={0} aria-labelledby={headingId} data-testid={testId}>
          {readable}
        </pre>
      )}
    </section>
  );
}

import useSWR from 'swr';
import { WebPaymentOrderPage } from '#schemas/webpayment-order';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';

/** GET /webpayment-orders?merchantId&page&size&ordType&cursor&from&to&type&result&service: the merchant's orders, newest first. */
const LIST = '/webpayment-orders';

export function useOrderPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([path, m, q]) => apiGet(path, WebPaymentOrderPage, { query: { ...historyQuery(q), merchantId: m } }), {
    keepPreviousData: true,
  });
}

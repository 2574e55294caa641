import useSWR from 'swr';
import { WebPaymentOrder } from '#schemas/webpayment-order';
import { apiGet } from '../../../lib/api';

/** GET /webpayment-orders/{id}?merchantId: one order; another merchant's answers 404. */
export const orderPath = (id: string) => `/webpayment-orders/${encodeURIComponent(id)}`;

export function useOrder(merchantId: string | null, id: string) {
  return useSWR(merchantId && id ? ([orderPath(id), merchantId] as const) : null, ([path, m]) => apiGet(path, WebPaymentOrder, { query: { merchantId: m } }));
}

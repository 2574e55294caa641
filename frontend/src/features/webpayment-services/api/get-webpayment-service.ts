import useSWR from 'swr';
import { WebPaymentService } from '#schemas/webpayment-service';
import { apiGet } from '../../../lib/api';
import { WEBPAYMENT_SERVICES_PATH } from './get-webpayment-service-page';

/** GET /webpayment-services/{serviceId}. */
export const webPaymentServiceKey = (id: string) => `${WEBPAYMENT_SERVICES_PATH}/${encodeURIComponent(id)}`;

export function useWebPaymentService(id: string) {
  return useSWR(webPaymentServiceKey(id), (key: string) => apiGet(key, WebPaymentService));
}

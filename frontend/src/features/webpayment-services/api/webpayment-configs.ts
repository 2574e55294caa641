import useSWR, { mutate } from 'swr';
import { WebPaymentConfig, WebPaymentConfigs, type WebPaymentConfigInput } from '#schemas/webpayment-service';
import { apiGet, apiRequest } from '../../../lib/api';

/** GET /webpaymentconfigs?merchantId: the merchant's configurations, one per configured service. */
const configsKey = (merchantId: string) => ['/webpaymentconfigs', merchantId] as const;
const configPath = (serviceId: string) => `/webpaymentconfigs/${encodeURIComponent(serviceId)}`;

export function useWebPaymentConfigs(merchantId: string | null) {
  return useSWR(merchantId ? configsKey(merchantId) : null, ([path, m]) => apiGet(path, WebPaymentConfigs, { query: { merchantId: m } }));
}

/** PUT /webpaymentconfigs/{serviceId}?merchantId: creates or replaces it (Assiopay min ≤ max, else 400 on assiopayMax). */
export async function saveWebPaymentConfig(merchantId: string, serviceId: string, input: WebPaymentConfigInput): Promise<WebPaymentConfig> {
  const saved = await apiRequest(configPath(serviceId), { method: 'PUT', query: { merchantId }, body: input, schema: WebPaymentConfig });
  await mutate(configsKey(merchantId));
  return saved;
}

/** DELETE /webpaymentconfigs/{serviceId}?merchantId → 204: the payment service's callbacks of its type are refused from then on. */
export async function deleteWebPaymentConfig(merchantId: string, serviceId: string): Promise<void> {
  await apiRequest<void>(configPath(serviceId), { method: 'DELETE', query: { merchantId } });
  await mutate(configsKey(merchantId));
}

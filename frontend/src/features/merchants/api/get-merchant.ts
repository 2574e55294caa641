import useSWR from 'swr';
import { Merchant } from '#schemas/merchant';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id} */
export const merchantKey = (id: string) => `/merchants/${encodeURIComponent(id)}`;
export const fetchMerchant = (id: string) => apiGet(merchantKey(id), Merchant);

export function useMerchant(id: string) {
  return useSWR(merchantKey(id), () => fetchMerchant(id));
}

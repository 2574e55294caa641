import useSWR from 'swr';
import { MerchantSummaries } from '#schemas/merchant';
import { apiGet } from '../api';

/** GET /users/me/merchants: the merchants the user may pick; the super admin gets 'ALL' first. */
export const myMerchantsKey = '/users/me/merchants';
export const fetchMyMerchants = () => apiGet(myMerchantsKey, MerchantSummaries);

export function useMyMerchants(enabled = true) {
  return useSWR(enabled ? myMerchantsKey : null, fetchMyMerchants);
}

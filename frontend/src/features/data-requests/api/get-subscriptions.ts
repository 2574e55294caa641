import useSWR, { mutate } from 'swr';
import { SubscriptionList } from '#schemas/historical-data';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/historicaldata-subscriptions: every scheduled export of the merchant. */
export const subscriptionsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/historicaldata-subscriptions`;

export function useSubscriptions(merchantId: string) {
  return useSWR(subscriptionsPath(merchantId), (path: string) => apiGet(path, SubscriptionList));
}

export const revalidateSubscriptions = (merchantId: string): Promise<unknown> => mutate(subscriptionsPath(merchantId));

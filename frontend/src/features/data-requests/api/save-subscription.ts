import { Subscription, type SubscriptionCreate } from '#schemas/historical-data';
import { apiRequest } from '../../../lib/api';
import { revalidateSubscriptions, subscriptionsPath } from './get-subscriptions';

/** POST /merchants/{id}/historicaldata-subscriptions → 201; 409 TooManySubscriptionsException. */
export async function createSubscription(merchantId: string, input: SubscriptionCreate): Promise<Subscription> {
  const subscription = await apiRequest(subscriptionsPath(merchantId), { method: 'POST', body: input, schema: Subscription });
  await revalidateSubscriptions(merchantId);
  return subscription;
}

/** DELETE /merchants/{id}/historicaldata-subscriptions/{subscriptionId} → 204. */
export async function deleteSubscription(merchantId: string, subscriptionId: string): Promise<void> {
  await apiRequest<void>(`${subscriptionsPath(merchantId)}/${encodeURIComponent(subscriptionId)}`, { method: 'DELETE' });
  await revalidateSubscriptions(merchantId);
}

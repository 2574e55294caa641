import useSWR, { mutate } from 'swr';
import { Customer } from '#schemas/customer';
import { apiGet } from '../../../lib/api';

/** GET /customers/{id}?merchantId: the customer, its 30-day figures, consents with their dates and masked payment info. */
export const customerKey = (id: string) => `/customers/${encodeURIComponent(id)}`;

export function useCustomer(merchantId: string | null, id: string) {
  return useSWR(merchantId ? ([customerKey(id), merchantId] as const) : null, ([path, m]) => apiGet(path, Customer, { query: { merchantId: m } }));
}

/** A change's answer is the customer as it is now: shown at once. */
export function showCustomer(merchantId: string, customer: Customer): Promise<unknown> {
  return mutate([customerKey(customer.id), merchantId], customer, { revalidate: false });
}

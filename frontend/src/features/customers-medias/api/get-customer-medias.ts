import useSWR from 'swr';
import { CustomerMedias } from '#schemas/customer';
import { apiGet } from '../../../lib/api';
import { customerKey } from './get-customer';

/** GET /customers/{id}/medias?merchantId: the customer's medias with their credit and last 30 days. */
export function useCustomerMedias(merchantId: string, id: string) {
  return useSWR([`${customerKey(id)}/medias`, merchantId] as const, ([path, m]) => apiGet(path, CustomerMedias, { query: { merchantId: m } }));
}

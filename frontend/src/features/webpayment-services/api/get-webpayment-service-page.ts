import useSWR, { mutate } from 'swr';
import { WebPaymentServicePage } from '#schemas/webpayment-service';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /webpayment-services?page&size&ord=name&ordType&cursor: the services by name. */
const LIST = '/webpayment-services/page';
export const WEBPAYMENT_SERVICES_PATH = '/webpayment-services';

export function useWebPaymentServicePage(query: PageQuery) {
  return useSWR([LIST, query] as const, ([, q]) => apiGet(WEBPAYMENT_SERVICES_PATH, WebPaymentServicePage, { query: q }), { keepPreviousData: true });
}

export function revalidateWebPaymentServiceLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

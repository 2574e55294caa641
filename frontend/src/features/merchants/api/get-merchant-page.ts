import useSWR, { mutate } from 'swr';
import { MerchantPage } from '#schemas/merchant';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { myMerchantsKey } from '../../../lib/resources/get-my-merchants';

/** GET /merchants?page&size&ord&ordType&cursor: a page of merchants, "all distributors" first. */
const LIST = '/merchants/page';
export const merchantPageKey = (query: PageQuery) => [LIST, query] as const;
export const fetchMerchantPage = (query: PageQuery) => apiGet('/merchants', MerchantPage, { query });

export function useMerchantPage(query: PageQuery) {
  return useSWR(merchantPageKey(query), ([, q]) => fetchMerchantPage(q), { keepPreviousData: true });
}

/** After a merchant is created or changed: the pages and the merchant selector load again. */
export function revalidateMerchantLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), mutate(myMerchantsKey)]);
}

import useSWR, { mutate } from 'swr';
import { VpConfigurationPage } from '#schemas/vp-configuration';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/vp/configurations?page&size&ord=name&ordType&cursor: a page of the merchant's VP configurations by name. */
const LIST = '/vp-configurations/page';
export const vpConfigurationsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/vp/configurations`;

export function useVpConfigurationPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, vpConfigurationsPath(merchantId), query] as const, ([, path, q]) => apiGet(path, VpConfigurationPage, { query: q }), {
    keepPreviousData: true,
  });
}

export const revalidateVpConfigurationLists = () => mutate((key) => Array.isArray(key) && key[0] === LIST);

import useSWR, { mutate } from 'swr';
import { ScreenConfigurationPage } from '#schemas/screen-configuration';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/screen-configurations?page&size&ord=name&ordType&cursor. */
const LIST = '/screen-configurations/page';
export const screenConfigurationsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/screen-configurations`;

export function useScreenConfigurationPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, screenConfigurationsPath(merchantId), query] as const, ([, path, q]) => apiGet(path, ScreenConfigurationPage, { query: q }), {
    keepPreviousData: true,
  });
}

export const revalidateScreenConfigurationLists = () => mutate((key) => Array.isArray(key) && key[0] === LIST);

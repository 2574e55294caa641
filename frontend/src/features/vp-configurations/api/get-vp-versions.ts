import useSWR, { mutate } from 'swr';
import { VpConfigurationVersionPage } from '#schemas/vp-configuration';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';

/** GET …/{configurationId}/historical: the kept versions, newest first. */
const VERSIONS = '/vp-configurations/versions';

export function useVpVersions(merchantId: string, id: string, query: PageQuery) {
  return useSWR(
    [VERSIONS, `${vpConfigurationKey(merchantId, id)}/historical`, query] as const,
    ([, path, q]) => apiGet(path, VpConfigurationVersionPage, { query: q }),
    {
      keepPreviousData: true,
    },
  );
}

export const revalidateVpVersions = () => mutate((key) => Array.isArray(key) && key[0] === VERSIONS);

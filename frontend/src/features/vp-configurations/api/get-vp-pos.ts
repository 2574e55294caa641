import useSWR, { mutate } from 'swr';
import { VpConfigurationPosPage } from '#schemas/vp-configuration';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';

/** GET …/{configurationId}/pos: the machines it was sent to, the version sent and the one each reports running. */
const POS = '/vp-configurations/pos';

export function useVpPos(merchantId: string, id: string, query: PageQuery) {
  return useSWR([POS, `${vpConfigurationKey(merchantId, id)}/pos`, query] as const, ([, path, q]) => apiGet(path, VpConfigurationPosPage, { query: q }), {
    keepPreviousData: true,
  });
}

export const revalidateVpPos = () => mutate((key) => Array.isArray(key) && key[0] === POS);

import useSWR from 'swr';
import { PosConfigs } from '#schemas/pos-config';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';

/** GET /pos/{serial}/configs: the latest reported configuration and the custom config's sync state. */
export const posConfigsKey = (serial: string) => `${posKey(serial)}/configs`;
export const fetchPosConfigs = (serial: string) => apiGet(posConfigsKey(serial), PosConfigs);

export function usePosConfigs(serial: string) {
  return useSWR(serial ? posConfigsKey(serial) : null, () => fetchPosConfigs(serial));
}

import useSWR from 'swr';
import { CustomConfig } from '#schemas/pos-config';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';

/** GET /pos/{serial}/custom-configs: what users want the machine to run, with its sync state (404 while none was set). */
export const customConfigKey = (serial: string) => `${posKey(serial)}/custom-configs`;

export function useCustomConfig(serial: string) {
  return useSWR(serial ? customConfigKey(serial) : null, (key: string) => apiGet(key, CustomConfig));
}

import useSWR from 'swr';
import { LastSensorsInfo } from '#schemas/pos-config';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';

/** GET /pos/{serial}/last-sensors-info: signal, temperature, last ping and connection as last reported. */
export const lastSensorsInfoKey = (serial: string) => `${posKey(serial)}/last-sensors-info`;

export function useLastSensorsInfo(serial: string) {
  return useSWR(serial ? lastSensorsInfoKey(serial) : null, (key: string) => apiGet(key, LastSensorsInfo));
}

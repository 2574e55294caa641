import useSWR from 'swr';
import { Firmware } from '#schemas/firmware';
import { apiGet } from '../../../lib/api';
import { FIRMWARES_PATH } from './get-firmware-page';

/** GET /firmwares/{id}. */
export const firmwareKey = (id: string) => `${FIRMWARES_PATH}/${encodeURIComponent(id)}`;

export function useFirmware(id: string) {
  return useSWR(firmwareKey(id), (key: string) => apiGet(key, Firmware));
}

import useSWR from 'swr';
import { HistoricalConfig } from '#schemas/pos-config';
import { apiGet } from '../../../lib/api';
import { posConfigsKey } from './get-pos-configs';

/** GET /pos/{serial}/configs/historical/{historicalId}: one reported configuration (404 once its retention expired). */
export const historicalConfigKey = (serial: string, id: string) => `${posConfigsKey(serial)}/historical/${encodeURIComponent(id)}`;

export function useHistoricalConfig(serial: string, id: string) {
  return useSWR(serial && id ? historicalConfigKey(serial, id) : null, (key: string) => apiGet(key, HistoricalConfig));
}

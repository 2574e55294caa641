import useSWR from 'swr';
import { PosSensorDirtiness } from '#schemas/sensors';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/sensordirtyness: each sensor's state, latest reading and threshold. */
export function usePosDirtiness(serial: string) {
  return useSWR(`/pos/${encodeURIComponent(serial)}/sensordirtyness`, (path: string) => apiGet(path, PosSensorDirtiness));
}

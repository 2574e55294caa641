import useSWR from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}; a machine outside the caller's scope (another merchant, another group) answers 404. */
export const posKey = (serial: string) => `/pos/${encodeURIComponent(serial)}`;
export const fetchPos = (serial: string) => apiGet(posKey(serial), PointOfSale);

export function usePos(serial: string) {
  return useSWR(serial ? posKey(serial) : null, () => fetchPos(serial));
}

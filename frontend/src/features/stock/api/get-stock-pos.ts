import useSWR from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiGet } from '../../../lib/api';

/**
 * GET /pos/{serial} under the devices screen's own key (shared cache): whether a machine without stock has a
 * planogram, and may have stock management turned on.
 */
export const stockPosKey = (serial: string) => `/pos/${encodeURIComponent(serial)}`;

export function useStockPos(serial: string | null) {
  return useSWR(serial ? stockPosKey(serial) : null, (path: string) => apiGet(path, PointOfSale));
}

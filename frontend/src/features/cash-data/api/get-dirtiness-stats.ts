import useSWR from 'swr';
import { DirtinessStats } from '#schemas/sensors';
import { apiGet } from '../../../lib/api';

/** GET /sensordirtyness/stats?merchantId: the merchant's machines per dirtiness state. */
export function useDirtinessStats(merchantId: string) {
  return useSWR(['/sensordirtyness/stats', merchantId] as const, ([path, m]) => apiGet(path, DirtinessStats, { query: { merchantId: m } }));
}

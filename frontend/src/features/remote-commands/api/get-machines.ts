import useSWR from 'swr';
import { PosSummaries } from '#schemas/pos';
import { apiGet } from '../../../lib/api';

/** GET /pos/list?merchantId: the merchant's visible machines (a group admin's groups only), for the wizard's device step. */
export const machinesKey = (merchantId: string) => ['/pos/list', merchantId] as const;

export function useMachines(merchantId: string | null) {
  return useSWR(merchantId ? machinesKey(merchantId) : null, ([path, m]) => apiGet(path, PosSummaries, { query: { merchantId: m } }));
}

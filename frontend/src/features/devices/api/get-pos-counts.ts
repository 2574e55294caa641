import useSWR from 'swr';
import { PosCounts } from '#schemas/pos';
import { apiGet } from '../../../lib/api';

/** GET /pos/counts?merchantId: totals by connection, status and hidden flag (counter items, not a read of the machines). */
export const posCountsKey = (merchantId: string) => ['/pos/counts', merchantId] as const;
export const fetchPosCounts = (merchantId: string) => apiGet('/pos/counts', PosCounts, { query: { merchantId } });

export function usePosCounts(merchantId: string | null) {
  return useSWR(merchantId ? posCountsKey(merchantId) : null, ([, m]) => fetchPosCounts(m), { keepPreviousData: true });
}

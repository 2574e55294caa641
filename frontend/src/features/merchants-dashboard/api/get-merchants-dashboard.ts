import useSWR from 'swr';
import { MerchantsDashboard } from '#schemas/merchants-dashboard';
import { apiGet } from '../../../lib/api';

/** GET /merchants-dashboard: one row per merchant the user may see, from counters (all of them at once: sorted and paged here). */
export function useMerchantsDashboard() {
  return useSWR('/merchants-dashboard', (path: string) => apiGet(path, MerchantsDashboard), { keepPreviousData: true });
}

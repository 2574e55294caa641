import useSWR from 'swr';
import { Kpis } from '#schemas/kpis';
import { apiGet } from '../../../lib/api';

/** GET /kpis?merchantId&days: the merchant's KPIs over its last `days` days (null: not asked). */
export function useMerchantKpis(merchantId: string | null, days: number) {
  return useSWR(merchantId ? (['/kpis', merchantId, days] as const) : null, ([path, m, d]) => apiGet(path, Kpis, { query: { merchantId: m, days: d } }), {
    keepPreviousData: true,
  });
}

/** GET /pos/{serial}/kpis?days: one machine's KPIs over the merchant's last `days` days. */
export function usePosKpis(serial: string, days: number) {
  return useSWR(['/pos/kpis', serial, days] as const, ([, s, d]) => apiGet(`/pos/${encodeURIComponent(s)}/kpis`, Kpis, { query: { days: d } }), {
    keepPreviousData: true,
  });
}

import useSWR from 'swr';
import { AlarmPage } from '#schemas/alarm';
import { Dashboard } from '#schemas/dashboard';
import { StockManagePage } from '#schemas/stock';
import { apiGet } from '../../../lib/api';

/** GET /dashboard?merchantId: sales against the period before, charts, machines, commands and open anomalies, from counters. */
export function useDashboard(merchantId: string) {
  return useSWR(['/dashboard', merchantId] as const, ([path, m]) => apiGet(path, Dashboard, { query: { merchantId: m } }), { keepPreviousData: true });
}

/** GET /merchants/{id}/alarms?status=active&criticity=4&size=10: the newest active blocking alarms (the machines to look at first). */
export function useBlockingAlarms(merchantId: string) {
  return useSWR(['/dashboard/blocking', merchantId] as const, ([, m]) =>
    apiGet(`/merchants/${encodeURIComponent(m)}/alarms`, AlarmPage, { query: { page: 1, size: 10, status: 'active', criticity: 4 } }),
  );
}

/** GET /stock/manage?merchantId&size=10&ordType=asc: the emptiest machines with stock management (null: not asked). */
export function useEmptiestMachines(merchantId: string | null) {
  return useSWR(merchantId ? (['/dashboard/stock', merchantId] as const) : null, ([, m]) =>
    apiGet('/stock/manage', StockManagePage, { query: { merchantId: m, page: 1, size: 10, ord: 'fill', ordType: 'asc' } }),
  );
}

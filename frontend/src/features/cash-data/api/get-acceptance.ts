import useSWR from 'swr';
import { AcceptanceStats } from '#schemas/cash-stats';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/cash-acceptance/stats or /cash-acceptance/stats?merchantId, over the merchant's days from–to. */
export function useAcceptanceStats(scope: { serial: string } | { merchantId: string }, from: string, to: string) {
  const path = 'serial' in scope ? `/pos/${encodeURIComponent(scope.serial)}/cash-acceptance/stats` : '/cash-acceptance/stats';
  const merchantId = 'merchantId' in scope ? scope.merchantId : undefined;
  return useSWR(
    [path, merchantId ?? '', from, to] as const,
    ([p, m, f, t]) => apiGet(p, AcceptanceStats, { query: { ...(m ? { merchantId: m } : {}), from: f, to: t } }),
    {
      keepPreviousData: true,
    },
  );
}

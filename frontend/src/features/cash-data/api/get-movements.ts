import useSWR from 'swr';
import { MovementStats } from '#schemas/cash-stats';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/movements/stats or /movements/stats?merchantId, over the merchant's days from–to. */
export function useMovementStats(scope: { serial: string } | { merchantId: string }, from: string, to: string) {
  const path = 'serial' in scope ? `/pos/${encodeURIComponent(scope.serial)}/movements/stats` : '/movements/stats';
  const merchantId = 'merchantId' in scope ? scope.merchantId : undefined;
  return useSWR(
    [path, merchantId ?? '', from, to] as const,
    ([p, m, f, t]) => apiGet(p, MovementStats, { query: { ...(m ? { merchantId: m } : {}), from: f, to: t } }),
    {
      keepPreviousData: true,
    },
  );
}

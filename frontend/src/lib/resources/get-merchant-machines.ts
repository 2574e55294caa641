import useSWR from 'swr';
import { PosSummaries } from '#schemas/pos';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/** GET /pos/list?merchantId=: every visible machine of a merchant the caller sees (serial, name, group), for selectors. */
export function useMerchantMachines(merchantId: string | null) {
  return useSWR(merchantId ? (['/pos/list', merchantId] as const) : null, ([path, m]) =>
    apiGet(path, PosSummaries, { query: { merchantId: m }, timeoutMs: LONG_TIMEOUT_MS }),
  );
}

import useSWR from 'swr';
import { PickList, type PickListQueryParams } from '#schemas/stock';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';

/** GET /stock/pick-list?merchantId& one of groupId, clientId, serials: what to bring, per product and machine. */
export function usePickList(query: PickListQueryParams | null) {
  return useSWR(query ? (['/stock/pick-list', query] as const) : null, ([path, q]) => apiGet(path, PickList, { query: q, timeoutMs: LONG_TIMEOUT_MS }));
}

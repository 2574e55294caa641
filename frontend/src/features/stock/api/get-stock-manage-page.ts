import useSWR, { mutate } from 'swr';
import { StockManagePage } from '#schemas/stock';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/**
 * GET /stock/manage?merchantId&page&size&ord=fill&ordType&cursor + groupId, clientId, planogramId, status: a page
 * of the merchant's machines with stock management (a group admin's groups only).
 */
const LIST = '/stock/manage';

export function useStockManagePage(merchantId: string | null, query: PageQuery) {
  return useSWR(merchantId ? ([LIST, merchantId, query] as const) : null, ([path, m, q]) => apiGet(path, StockManagePage, { query: { ...q, merchantId: m } }), {
    keepPreviousData: true,
  });
}

/** After a machine's stock changed (edit, refill, stock management turned on). */
export function revalidateStockLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

import useSWR, { mutate } from 'swr';
import { PosPage, type PointOfSale } from '#schemas/pos';
import type { Page } from '#schemas/paging';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/**
 * GET /pos?merchantId&page&size&ord=name&ordType&cursor + filters: a page of one merchant's machines
 * (a group admin's groups only). `hidden=true` lists the hidden machines instead of the visible ones.
 */
const LIST = '/pos/page';
export const posPageKey = (merchantId: string, query: PageQuery) => [LIST, merchantId, query] as const;
export const fetchPosPage = (merchantId: string, query: PageQuery) => apiGet('/pos', PosPage, { query: { ...query, merchantId } });

export function usePosPage(merchantId: string | null, query: PageQuery) {
  return useSWR(merchantId ? posPageKey(merchantId, query) : null, ([, m, q]) => fetchPosPage(m, q), { keepPreviousData: true });
}

/** After a machine changes (hidden, renamed, moved to a group, deleted): every loaded page loads again. */
export function revalidatePosLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && (key[0] === LIST || key[0] === '/pos/counts'));
}

/** After a machine is deleted: gone from the loaded pages at once, then they load again. */
export function removeFromPosLists(serial: string): Promise<unknown> {
  const without = (page: Page<PointOfSale> | undefined) =>
    page && { ...page, items: page.items.filter((p) => p.serial !== serial), total: Math.max(0, page.total - 1) };
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST, without), revalidatePosLists()]);
}

import useSWR, { mutate } from 'swr';
import { GroupPage, type Group } from '#schemas/group';
import type { Page } from '#schemas/paging';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { revalidateGroupsOfMerchants } from '../../../lib/resources/get-merchant-groups';

/** GET /merchants/{id}/groups?page&size&ord=name&ordType&cursor: a page of the merchant's groups (a group admin's own only). */
const LIST = '/groups/page';
export const groupsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/groups`;
export const groupPageKey = (merchantId: string, query: PageQuery) => [LIST, groupsPath(merchantId), query] as const;
export const fetchGroupPage = (path: string, query: PageQuery) => apiGet(path, GroupPage, { query });

export function useGroupPage(merchantId: string | null, query: PageQuery) {
  return useSWR(merchantId ? groupPageKey(merchantId, query) : null, ([, path, q]) => fetchGroupPage(path, q), { keepPreviousData: true });
}

/** After a group is created, changed or deleted: the pages and the groups other screens show load again. */
export function revalidateGroupLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), revalidateGroupsOfMerchants()]);
}

/** After a group is deleted: gone from the loaded pages at once, then the pages load again. */
export function removeFromGroupLists(id: string): Promise<unknown> {
  const without = (page: Page<Group> | undefined) => page && { ...page, items: page.items.filter((g) => g.id !== id), total: Math.max(0, page.total - 1) };
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST, without), revalidateGroupsOfMerchants()]);
}

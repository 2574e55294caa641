import useSWR, { mutate } from 'swr';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import type { Page } from '#schemas/paging';
import { UserPage, type User } from '#schemas/user';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/**
 * A page of users by email (`role` and `search` narrow it): GET /users (every user; the super admin, also
 * for "all distributors") or GET /merchants/{id}/users (one merchant's users).
 */
const LIST = '/users/page';
/** `merchantId` null or ALL: every user. */
export const userListPath = (merchantId: string | null) =>
  merchantId === null || merchantId === ALL_DISTRIBUTORS_ID ? '/users' : `/merchants/${encodeURIComponent(merchantId)}/users`;
export const userPageKey = (merchantId: string | null, query: PageQuery) => [LIST, userListPath(merchantId), query] as const;
export const fetchUserPage = (path: string, query: PageQuery) => apiGet(path, UserPage, { query });

export function useUserPage(merchantId: string | null, query: PageQuery, enabled = true) {
  return useSWR(enabled ? userPageKey(merchantId, query) : null, ([, path, q]) => fetchUserPage(path, q), { keepPreviousData: true });
}

/** After a user is created, changed or deleted: every loaded page loads again. */
export function revalidateUserLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

/** After a user is deleted: gone from the loaded pages at once, then the pages load again. */
export function removeFromUserLists(id: string): Promise<unknown> {
  const without = (page: Page<User> | undefined) => page && { ...page, items: page.items.filter((u) => u.id !== id), total: Math.max(0, page.total - 1) };
  return mutate((key) => Array.isArray(key) && key[0] === LIST, without);
}

import useSWR, { mutate } from 'swr';
import { GroupPage, type Group } from '#schemas/group';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/**
 * Every group of one merchant, by name: GET /merchants/{id}/groups page after page (each page's cursor
 * opens the next). A group admin gets only its own groups.
 */
export async function fetchMerchantGroups(merchantId: string): Promise<Group[]> {
  const path = `/merchants/${encodeURIComponent(merchantId)}/groups`;
  const groups: Group[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet(path, GroupPage, { query: { page, size: MAX_PAGE_SIZE, ord: 'name', ordType: 'asc', cursor }, timeoutMs: LONG_TIMEOUT_MS });
    groups.push(...answer.items);
    cursor = answer.cursor;
    if (answer.items.length === 0 || groups.length >= answer.total) return groups;
  }
}

/** The groups of several merchants, by merchant id (the user form's groups per merchant, group names in lists). */
const GROUPS_OF = '/merchants/groups-of';
export const groupsOfMerchantsKey = (merchantIds: readonly string[]) => [GROUPS_OF, [...new Set(merchantIds)].sort().join(',')] as const;

export async function fetchGroupsOfMerchants(merchantIds: readonly string[]): Promise<Record<string, Group[]>> {
  const ids = [...new Set(merchantIds)];
  const lists = await Promise.all(ids.map(fetchMerchantGroups));
  return Object.fromEntries(ids.map((id, i) => [id, lists[i]!]));
}

export function useGroupsOfMerchants(merchantIds: readonly string[]) {
  return useSWR(merchantIds.length > 0 ? groupsOfMerchantsKey(merchantIds) : null, ([, ids]) => fetchGroupsOfMerchants(ids.split(',')), {
    keepPreviousData: true,
  });
}

/** After a group is created, renamed or deleted. */
export function revalidateGroupsOfMerchants(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === GROUPS_OF);
}

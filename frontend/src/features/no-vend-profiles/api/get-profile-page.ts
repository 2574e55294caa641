import useSWR, { mutate } from 'swr';
import { NoVendProfilePage, type NoVendProfile } from '#schemas/no-vend-profile';
import type { Page } from '#schemas/paging';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { revalidateMerchantNoVendProfiles } from '../../../lib/resources/get-merchant-no-vend-profiles';

/** GET /merchants/{id}/no-vend-profiles?page&size&ord=name&ordType&cursor: a page of the merchant's profiles by name. */
const LIST = '/no-vend-profiles/page';
export const profilesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/no-vend-profiles`;
export const profilePageKey = (merchantId: string, query: PageQuery) => [LIST, profilesPath(merchantId), query] as const;
export const fetchProfilePage = (path: string, query: PageQuery) => apiGet(path, NoVendProfilePage, { query });

export function useProfilePage(merchantId: string, query: PageQuery) {
  return useSWR(profilePageKey(merchantId, query), ([, path, q]) => fetchProfilePage(path, q), { keepPreviousData: true });
}

export function revalidateProfileLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), revalidateMerchantNoVendProfiles()]);
}

/** After a profile is deleted: gone from the loaded pages at once, then they load again. */
export function removeFromProfileLists(id: string): Promise<unknown> {
  const without = (page: Page<NoVendProfile> | undefined) =>
    page && { ...page, items: page.items.filter((p) => p.id !== id), total: Math.max(0, page.total - 1) };
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST, without), revalidateMerchantNoVendProfiles()]);
}

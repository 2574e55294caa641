import useSWR, { mutate } from 'swr';
import { NoVendProfilePage, type NoVendProfile } from '#schemas/no-vend-profile';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/**
 * Every no-vend profile of one merchant, by name: GET /merchants/{id}/no-vend-profiles page after page.
 * For selectors (a machine's association) and the profiles CSV export.
 */
export async function fetchMerchantNoVendProfiles(merchantId: string): Promise<NoVendProfile[]> {
  const path = `/merchants/${encodeURIComponent(merchantId)}/no-vend-profiles`;
  const profiles: NoVendProfile[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet(path, NoVendProfilePage, {
      query: { page, size: MAX_PAGE_SIZE, ord: 'name', ordType: 'asc', cursor },
      timeoutMs: LONG_TIMEOUT_MS,
    });
    profiles.push(...answer.items);
    cursor = answer.cursor;
    if (answer.items.length === 0 || profiles.length >= answer.total) return profiles;
  }
}

const PROFILES_OF = '/merchants/no-vend-profiles-of';

export function useMerchantNoVendProfiles(merchantId: string | null) {
  return useSWR(merchantId ? [PROFILES_OF, merchantId] : null, ([, id]) => fetchMerchantNoVendProfiles(id), { keepPreviousData: true });
}

/** After a profile is created, renamed or deleted, or a machine's association moved its count. */
export function revalidateMerchantNoVendProfiles(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PROFILES_OF);
}

import useSWR, { mutate } from 'swr';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { PlanogramPage, type Planogram } from '#schemas/planogram';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/** Every planogram of one merchant, by name: GET /merchants/{id}/planograms page after page. For selectors (a machine's planogram). */
async function fetchMerchantPlanograms(merchantId: string): Promise<Planogram[]> {
  const path = `/merchants/${encodeURIComponent(merchantId)}/planograms`;
  const planograms: Planogram[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet(path, PlanogramPage, { query: { page, size: MAX_PAGE_SIZE, ord: 'name', ordType: 'asc', cursor }, timeoutMs: LONG_TIMEOUT_MS });
    planograms.push(...answer.items);
    cursor = answer.cursor;
    if (answer.items.length === 0 || planograms.length >= answer.total) return planograms;
  }
}

const PLANOGRAMS_OF = '/merchants/planograms-of';

export function useMerchantPlanograms(merchantId: string | null) {
  return useSWR(merchantId ? [PLANOGRAMS_OF, merchantId] : null, ([, id]) => fetchMerchantPlanograms(id), { keepPreviousData: true });
}

/** After a planogram is created, renamed or deleted, or a machine's assignment moved its count. */
export function revalidateMerchantPlanograms(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PLANOGRAMS_OF);
}

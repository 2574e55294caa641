import useSWR, { mutate } from 'swr';
import type { Page } from '#schemas/paging';
import { PlanogramPage, type Planogram } from '#schemas/planogram';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { revalidateMerchantPlanograms } from '../../../lib/resources/get-merchant-planograms';

/** GET /merchants/{id}/planograms?page&size&ord=name&ordType&cursor: a page of the merchant's planograms by name. */
const LIST = '/planograms/page';
export const planogramsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/planograms`;
export const planogramPageKey = (merchantId: string, query: PageQuery) => [LIST, planogramsPath(merchantId), query] as const;

export function usePlanogramPage(merchantId: string, query: PageQuery) {
  return useSWR(planogramPageKey(merchantId, query), ([, path, q]) => apiGet(path, PlanogramPage, { query: q }), { keepPreviousData: true });
}

export function revalidatePlanogramLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), revalidateMerchantPlanograms()]);
}

/** After a planogram is deleted: gone from the loaded pages at once, then they load again. */
export function removeFromPlanogramLists(id: string): Promise<unknown> {
  const without = (page: Page<Planogram> | undefined) => page && { ...page, items: page.items.filter((p) => p.id !== id), total: Math.max(0, page.total - 1) };
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST, without), revalidateMerchantPlanograms()]);
}

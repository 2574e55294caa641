import useSWR, { mutate } from 'swr';
import { FirmwareRulePage } from '#schemas/firmware-rule';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/firmware-rules: a merchant's rules with their progress, newest first. */
const LIST = '/firmware-rules/page';
export const rulesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/firmware-rules`;

/** While a rule of the page rolls out, its progress is read again this often (live). */
const LIVE_MS = 5_000;

export function useRulePage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([, m, q]) => apiGet(rulesPath(m), FirmwareRulePage, { query: q }), {
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some((r) => r.status === 'running') ? LIVE_MS : 0),
  });
}

export function revalidateRuleLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

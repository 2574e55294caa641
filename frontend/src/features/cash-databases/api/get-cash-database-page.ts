import useSWR, { mutate } from 'swr';
import { CashDatabasePage } from '#schemas/cash-database';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/cash-databases?page&size&ord=createdAt&ordType&cursor&deviceType: the merchant's versions, newest first. */
const LIST = '/cash-databases/page';
export const cashDatabasesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/cash-databases`;

export function useCashDatabasePage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([, m, q]) => apiGet(cashDatabasesPath(m), CashDatabasePage, { query: q }), { keepPreviousData: true });
}

export function revalidateCashDatabaseLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && (key[0] === LIST || key[0] === RELEASES));
}

/** The versions a rule can roll out (the newest page). */
const RELEASES = '/cash-databases/for-rules';
export function useRuleCashDatabases(merchantId: string) {
  return useSWR([RELEASES, merchantId] as const, ([, m]) => apiGet(cashDatabasesPath(m), CashDatabasePage, { query: { size: 100, ordType: 'desc' } }));
}

import useSWR, { mutate } from 'swr';
import { CashDatabaseRule, CashDatabaseRulePage, type CashDatabaseRuleCreate } from '#schemas/cash-database-rule';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet, apiRequest } from '../../../lib/api';

/** GET /merchants/{id}/cash-database-rules: a merchant's rules with their progress, newest first (read again while one runs). */
const LIST = '/cash-database-rules/page';
const rulesPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/cash-database-rules`;
const LIVE_MS = 5_000;

export function useCashDatabaseRulePage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([, m, q]) => apiGet(rulesPath(m), CashDatabaseRulePage, { query: q }), {
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some((r) => r.status === 'running') ? LIVE_MS : 0),
  });
}

const revalidate = () => mutate((key) => Array.isArray(key) && key[0] === LIST);

/** POST → 201; 400 CashDatabaseNotFoundException (add it first), InvalidRuleTargetException. */
export async function createCashDatabaseRule(merchantId: string, input: CashDatabaseRuleCreate): Promise<CashDatabaseRule> {
  const rule = await apiRequest(rulesPath(merchantId), { method: 'POST', body: input, schema: CashDatabaseRule });
  void revalidate();
  return rule;
}

/** POST …/{ruleId}/pause|resume|cancel; 409 RuleStatusConflictException. */
export async function changeCashDatabaseRule(merchantId: string, ruleId: string, action: 'pause' | 'resume' | 'cancel'): Promise<void> {
  await apiRequest(`${rulesPath(merchantId)}/${encodeURIComponent(ruleId)}/${action}`, { method: 'POST', schema: CashDatabaseRule });
  await revalidate();
}

import useSWR from 'swr';
import { RolloutMachinePage } from '#schemas/rollout';
import { apiGet } from '../../../lib/api';
import { rulesPath } from './get-rule-page';
import { RULE_LIVE_MS } from './get-rule';

/** Machines a page of a wave shows. */
export const WAVE_PAGE_SIZE = 50;

/**
 * GET /merchants/{id}/firmware-rules/{ruleId}/machines?wave=: a wave's machines and their states, live while it runs
 * and read again whenever the rule changed (`ruleVersion`: its updatedAt), so its last step shows too.
 */
export function useRuleMachines(merchantId: string, ruleId: string, ruleVersion: string, wave: number, page: number, live: boolean) {
  return useSWR(
    ['/firmware-rules/machines', merchantId, ruleId, wave, page, ruleVersion] as const,
    ([, m, id, w, p]) =>
      apiGet(`${rulesPath(m)}/${encodeURIComponent(id)}/machines`, RolloutMachinePage, {
        query: { wave: String(w), page: String(p), size: String(WAVE_PAGE_SIZE) },
      }),
    { keepPreviousData: true, refreshInterval: live ? RULE_LIVE_MS : 0 },
  );
}

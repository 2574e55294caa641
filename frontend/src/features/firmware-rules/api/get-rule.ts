import useSWR from 'swr';
import { FirmwareRule } from '#schemas/firmware-rule';
import { apiGet } from '../../../lib/api';
import { rulesPath } from './get-rule-page';

/** While a rule's rollout runs (or a wave of it is still under way), its progress is read again this often. */
export const RULE_LIVE_MS = 2_000;

/** Whether the rollout may still change: not ended, or a sent wave not finished yet. */
export const isLive = (rule: FirmwareRule | undefined) =>
  !!rule &&
  (rule.status === 'scheduled' ||
    rule.status === 'running' ||
    rule.status === 'paused' ||
    (rule.progress?.waves.some((w) => w.sentAt && !w.finishedAt) ?? false));

/** GET /merchants/{id}/firmware-rules/{ruleId}: one rule and its progress per wave, live while it rolls out. */
export function useRule(merchantId: string, ruleId: string) {
  return useSWR(['/firmware-rules/one', merchantId, ruleId] as const, ([, m, id]) => apiGet(`${rulesPath(m)}/${encodeURIComponent(id)}`, FirmwareRule), {
    keepPreviousData: true,
    refreshInterval: (rule) => (isLive(rule) ? RULE_LIVE_MS : 0),
  });
}

import { FirmwareRule, type FirmwareRuleCreate } from '#schemas/firmware-rule';
import { apiRequest } from '../../../lib/api';
import { revalidateRuleLists, rulesPath } from './get-rule-page';

/** POST /merchants/{id}/firmware-rules → 201; 400 FirmwareNotFoundException (add it first), InvalidRuleTargetException. */
export async function createRule(merchantId: string, input: FirmwareRuleCreate): Promise<FirmwareRule> {
  const rule = await apiRequest(rulesPath(merchantId), { method: 'POST', body: input, schema: FirmwareRule });
  void revalidateRuleLists();
  return rule;
}

/** POST /merchants/{id}/firmware-rules/{ruleId}/pause|resume|cancel; 409 RuleStatusConflictException. */
export async function changeRule(merchantId: string, ruleId: string, action: 'pause' | 'resume' | 'cancel'): Promise<void> {
  await apiRequest(`${rulesPath(merchantId)}/${encodeURIComponent(ruleId)}/${action}`, { method: 'POST', schema: FirmwareRule });
  await revalidateRuleLists();
}

import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages (spec §8: firmware not found when creating a rule, add first). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  FirmwareNotFoundException: 'firmwareRules.error.firmwareNotFound',
  InvalidRuleTargetException: 'firmwareRules.error.target',
  RuleStatusConflictException: 'rollouts.error.status',
  RuleNotFoundException: 'rollouts.error.notFound',
  FirmwareNotEnabledException: 'errors.FirmwareNotEnabledException',
};

export function ruleErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const RULE_FORM_MESSAGES: FormMessages = {
  errorMessageId: ruleErrorMessageId,
  codeFields: { FirmwareNotFoundException: 'firmwareId', InvalidRuleTargetException: 'target' },
};

import { useIntl } from 'react-intl';
import { FirmwareRuleCreate, type FirmwareRule } from '#schemas/firmware-rule';
import type { RuleKindView } from '../../components/rollouts/rule-kind';
import { useRuleFirmwares } from './api/get-rule-firmwares';
import { useRulePage } from './api/get-rule-page';
import { changeRule, createRule } from './api/save-rule';
import { RolloutProgress } from './components/RolloutProgress';
import { RULE_FORM_MESSAGES, ruleErrorMessageId } from './messages';

/** The firmwares a rule can roll out, as the form's options. */
function useFirmwareOptions() {
  const intl = useIntl();
  const firmwares = useRuleFirmwares();
  return {
    options: (firmwares.data?.items ?? []).map((f) => ({
      value: f.id,
      label: `${f.deviceType} ${f.version} (${intl.formatMessage({ id: `firmwares.level.${f.level}` })})`,
    })),
  };
}

/** Firmware rules on the shared rollout screens. */
export const FIRMWARE_RULES: RuleKindView<typeof FirmwareRuleCreate, FirmwareRule> = {
  tableId: 'firmware-rules',
  createRoute: 'firmwareRules.create',
  releaseField: 'firmwareId',
  createSchema: FirmwareRuleCreate,
  useReleases: useFirmwareOptions,
  usePage: useRulePage,
  create: createRule,
  change: changeRule,
  releaseLabel: (r) => `${r.deviceType} ${r.version}`,
  formMessages: RULE_FORM_MESSAGES,
  errorMessageId: ruleErrorMessageId,
  Progress: RolloutProgress,
  messages: {
    release: 'firmwareRules.field.firmware',
    chooseRelease: 'firmwareRules.chooseFirmware',
    noRelease: 'firmwareRules.noFirmware',
    everyOfDeviceType: 'firmwareRules.target.deviceType',
    created: 'firmwareRules.created',
    empty: 'firmwareRules.empty',
  },
};

import { CashDatabaseRuleCreate, type CashDatabaseRule } from '#schemas/cash-database-rule';
import { useIntl } from 'react-intl';
import type { RuleKindView } from '../../components/rollouts/rule-kind';
import { useRuleCashDatabases } from './api/get-cash-database-page';
import { changeCashDatabaseRule, createCashDatabaseRule, useCashDatabaseRulePage } from './api/rules';
import { CASH_DATABASE_RULE_FORM_MESSAGES, cashDatabaseErrorMessageId, targetMessageId } from './messages';

/** The merchant's cash databases a rule can roll out, as the form's options. */
function useCashDatabaseOptions(merchantId: string) {
  const intl = useIntl();
  const databases = useRuleCashDatabases(merchantId);
  return {
    options: (databases.data?.items ?? []).map((d) => ({
      value: d.id,
      label: `${d.deviceType} ${d.version} (${intl.formatMessage({ id: targetMessageId(d) })})`,
    })),
  };
}

/** Cash database rules on the shared rollout screens (the rollout sends command 16, or 18 for a peripheral's database). */
export const CASH_DATABASE_RULES: RuleKindView<typeof CashDatabaseRuleCreate, CashDatabaseRule> = {
  tableId: 'cash-database-rules',
  createRoute: 'cashDatabaseRules.create',
  releaseField: 'cashDatabaseId',
  createSchema: CashDatabaseRuleCreate,
  useReleases: useCashDatabaseOptions,
  usePage: useCashDatabaseRulePage,
  create: createCashDatabaseRule,
  change: changeCashDatabaseRule,
  releaseLabel: (r) => `${r.deviceType} ${r.version}`,
  formMessages: CASH_DATABASE_RULE_FORM_MESSAGES,
  errorMessageId: cashDatabaseErrorMessageId,
  messages: {
    release: 'cashDatabases.rules.field.cashDatabase',
    chooseRelease: 'cashDatabases.rules.choose',
    noRelease: 'cashDatabases.rules.none',
    everyOfDeviceType: 'cashDatabases.rules.target.deviceType',
    created: 'cashDatabases.rules.created',
    empty: 'cashDatabases.rules.empty',
  },
};

import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { RulesTable } from '../../components/rollouts/RulesTable';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { CASH_DATABASE_RULES } from './cash-database-rule-kind';

/** /manage/cash-database-rules (CASHDB_UPDATE, not merchant users): the merchant's cash database rules and their progress; admins create, pause, resume and cancel. */
export function CashDatabaseRulesPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="cashDatabases.rules.title" />} testId="cash-database-rules-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="cashDatabases.chooseMerchant">
        {(merchantId) => <RulesTable key={merchantId} kind={CASH_DATABASE_RULES} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

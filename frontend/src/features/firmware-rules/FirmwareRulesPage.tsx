import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { RulesTable } from '../../components/rollouts/RulesTable';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { FIRMWARE_RULES } from './firmware-rule-kind';

/** /devices/firmware-rules (FIRMWARE_UPDATE): the merchant's firmware rules and their progress; admins create, pause, resume and cancel. */
export function FirmwareRulesPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="firmwareRules.title" />} testId="firmware-rules-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="firmwareRules.chooseMerchant">
        {(merchantId) => <RulesTable key={merchantId} kind={FIRMWARE_RULES} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

import { FormattedMessage } from 'react-intl';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useMerchant } from './api/get-merchant';
import { useMerchantSettings } from './api/get-merchant-settings';
import { MerchantSettingsForm } from './components/MerchantSettingsForm';
import { merchantErrorMessageId } from './messages';
import './merchants.css';

const CARD = {
  loading: (
    <div className="card state">
      <Spinner />
    </div>
  ),
  errorMessageId: merchantErrorMessageId,
};

/**
 * /manage/merchant-settings (super admin, merchant admin): the settings of the merchant picked in the app bar, the same
 * form as the super admin's /admin/merchants/{id}/setting without its super-admin settings and flags.
 */
export function ManageMerchantSettingsPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="merchantSettings.title" />} testId="manage-merchant-settings-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="merchantSettings.chooseMerchant">
        {(id) => <SettingsOf key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function SettingsOf({ merchantId }: { merchantId: string }) {
  const merchant = useMerchant(merchantId);
  const settings = useMerchantSettings(merchantId);
  return (
    <Loaded result={merchant} {...CARD}>
      {(m) => (
        <Loaded result={settings} {...CARD}>
          {(s) => <MerchantSettingsForm merchantId={merchantId} settings={s} currency={m.currency} />}
        </Loaded>
      )}
    </Loaded>
  );
}

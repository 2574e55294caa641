import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { Loaded } from '../../components/states';
import { useMerchant } from './api/get-merchant';
import { useMerchantSettings } from './api/get-merchant-settings';
import { useSuperAdminSettings } from './api/get-super-admin-settings';
import { FeaturesForm } from './components/FeaturesForm';
import { MerchantSettingsForm } from './components/MerchantSettingsForm';
import { SuperAdminSettingsForm } from './components/SuperAdminSettingsForm';
import { merchantErrorMessageId } from './messages';
import './merchants.css';

/** Each card's spinner and the merchant area's error messages. */
const CARD = {
  loading: (
    <div className="card state">
      <Spinner />
    </div>
  ),
  errorMessageId: merchantErrorMessageId,
};

/** /admin/merchants/{id}/setting: merchant settings, super-admin settings and feature flags. */
export function MerchantSettingsPage() {
  const id = useParams().id ?? '';
  const merchant = useMerchant(id);
  const settings = useMerchantSettings(id);
  const superAdmin = useSuperAdminSettings(id);

  return (
    <Page
      title={<FormattedMessage id="merchants.settings.title" values={{ name: merchant.data?.name ?? '' }} />}
      actions={
        <Link to={`/admin/merchants/${encodeURIComponent(id)}`} className="button button--secondary">
          <FormattedMessage id="merchants.backToMerchant" />
        </Link>
      }
      testId="merchant-settings-page"
    >
      <Loaded result={merchant} {...CARD}>
        {(m) => (
          <>
            <Loaded result={settings} {...CARD}>
              {(s) => <MerchantSettingsForm merchantId={id} settings={s} currency={m.currency} />}
            </Loaded>
            <Loaded result={superAdmin} {...CARD}>
              {(s) => <SuperAdminSettingsForm merchantId={id} settings={s} />}
            </Loaded>
            <FeaturesForm key={m.updatedAt} merchant={m} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

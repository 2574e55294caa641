import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { ErrorState } from '../../components/states';
import { useMerchant } from './api/get-merchant';
import { useMerchantSettings } from './api/get-merchant-settings';
import { useSuperAdminSettings } from './api/get-super-admin-settings';
import { FeaturesForm } from './components/FeaturesForm';
import { MerchantSettingsForm } from './components/MerchantSettingsForm';
import { SuperAdminSettingsForm } from './components/SuperAdminSettingsForm';
import { merchantErrorMessageId } from './messages';
import './merchants.css';

/** A card's loading and error states; `children` renders once the data is there. */
function Loaded<T>({ result, children }: { result: { data?: T; error?: unknown; mutate: () => Promise<unknown> }; children: (data: T) => ReactNode }) {
  if (result.error) return <ErrorState error={result.error} messageId={merchantErrorMessageId(result.error)} onRetry={() => void result.mutate()} />;
  if (result.data === undefined)
    return (
      <div className="card state">
        <Spinner />
      </div>
    );
  return children(result.data);
}

/** /admin/merchants/{id}/setting: merchant settings, super-admin settings and feature flags. */
export function MerchantSettingsPage() {
  const id = useParams().id ?? '';
  const merchant = useMerchant(id);
  const settings = useMerchantSettings(id);
  const superAdmin = useSuperAdminSettings(id);

  return (
    <div className="page" data-testid="merchant-settings-page">
      <header className="page__header page__header--actions">
        <h1>
          <FormattedMessage id="merchants.settings.title" values={{ name: merchant.data?.name ?? '' }} />
        </h1>
        <Link to={`/admin/merchants/${encodeURIComponent(id)}`} className="button button--secondary">
          <FormattedMessage id="merchants.backToMerchant" />
        </Link>
      </header>
      <Loaded result={merchant}>
        {(m) => (
          <>
            <Loaded result={settings}>{(s) => <MerchantSettingsForm merchantId={id} settings={s} currency={m.currency} />}</Loaded>
            <Loaded result={superAdmin}>{(s) => <SuperAdminSettingsForm merchantId={id} settings={s} />}</Loaded>
            <FeaturesForm key={m.updatedAt} merchant={m} />
          </>
        )}
      </Loaded>
    </div>
  );
}

import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { MerchantInput } from '../../../../schemas/merchant';
import { PageSpinner } from '../../components/Spinner';
import { ErrorState } from '../../components/states';
import { useMerchant } from './api/get-merchant';
import { updateMerchant } from './api/update-merchant';
import { draftOf, MerchantForm } from './components/MerchantForm';
import { merchantErrorMessageId } from './messages';
import './merchants.css';

/** /admin/merchants/{id}: the merchant's data, editable, with the way to its settings. */
export function MerchantDetailPage() {
  const id = useParams().id ?? '';
  const merchant = useMerchant(id);

  let content;
  if (merchant.error) content = <ErrorState error={merchant.error} messageId={merchantErrorMessageId(merchant.error)} onRetry={() => void merchant.mutate()} />;
  else if (!merchant.data) content = <PageSpinner />;
  else
    content = (
      <MerchantForm
        key={merchant.data.updatedAt}
        initial={draftOf(merchant.data)}
        features={merchant.data.features}
        submitLabelId="merchants.save"
        successMessageId="merchants.updated"
        send={(input: MerchantInput) => updateMerchant(id, input)}
      />
    );

  return (
    <div className="page" data-testid="merchant-detail-page">
      <header className="page__header page__header--actions">
        <h1>{merchant.data?.name ?? <FormattedMessage id="merchants.detail.title" />}</h1>
        <Link to="/admin/merchants" className="button button--secondary">
          <FormattedMessage id="merchants.backToList" />
        </Link>
        {merchant.data && (
          <Link to={`/admin/merchants/${encodeURIComponent(id)}/setting`} className="button button--secondary" data-testid="merchant-settings-link">
            <FormattedMessage id="merchants.settings.action" />
          </Link>
        )}
      </header>
      {content}
    </div>
  );
}

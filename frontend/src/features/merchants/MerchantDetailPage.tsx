import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { MerchantInput } from '#schemas/merchant';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useMerchant } from './api/get-merchant';
import { updateMerchant } from './api/update-merchant';
import { draftOf, MerchantForm } from './components/MerchantForm';
import { merchantErrorMessageId } from './messages';
import './merchants.css';

/** /admin/merchants/{id}: the merchant's data, editable, with the way to its settings. */
export function MerchantDetailPage() {
  const id = useParams().id ?? '';
  const merchant = useMerchant(id);

  return (
    <Page
      title={merchant.data?.name ?? <FormattedMessage id="merchants.detail.title" />}
      actions={
        <>
          <Link to="/admin/merchants" className="button button--secondary">
            <FormattedMessage id="merchants.backToList" />
          </Link>
          {merchant.data && (
            <Link to={`/admin/merchants/${encodeURIComponent(id)}/setting`} className="button button--secondary" data-testid="merchant-settings-link">
              <FormattedMessage id="merchants.settings.action" />
            </Link>
          )}
          {merchant.data && (
            <Link to={`/admin/merchants/${encodeURIComponent(id)}/sapcodes`} className="button button--secondary" data-testid="merchant-sap-codes-link">
              <FormattedMessage id="sapCodes.menu" />
            </Link>
          )}
        </>
      }
      testId="merchant-detail-page"
    >
      <Loaded result={merchant} errorMessageId={merchantErrorMessageId}>
        {(m) => (
          <MerchantForm
            key={m.updatedAt}
            initial={draftOf(m)}
            features={m.features}
            submitLabelId="merchants.save"
            successMessageId="merchants.updated"
            send={(input: MerchantInput) => updateMerchant(id, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}

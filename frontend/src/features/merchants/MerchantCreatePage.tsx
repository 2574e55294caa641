import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { MerchantInput } from '#schemas/merchant';
import { Page } from '../../components/Page';
import { useLanguage } from '../../lib/intl';
import { createMerchant } from './api/create-merchant';
import { MerchantForm, newDraft } from './components/MerchantForm';
import './merchants.css';

/** /admin/merchants/create: a new merchant, then its detail screen. */
export function MerchantCreatePage() {
  const navigate = useNavigate();
  const { language } = useLanguage();

  async function send(input: MerchantInput) {
    const merchant = await createMerchant(input);
    navigate(`/admin/merchants/${encodeURIComponent(merchant.id)}`);
  }

  return (
    <Page
      title={<FormattedMessage id="merchants.create.title" />}
      actions={
        <Link to="/admin/merchants" className="button button--secondary">
          <FormattedMessage id="merchants.backToList" />
        </Link>
      }
      testId="merchant-create-page"
    >
      <MerchantForm initial={newDraft(language)} features={[]} submitLabelId="merchants.create.submit" successMessageId="merchants.created" send={send} />
    </Page>
  );
}

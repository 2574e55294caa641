import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { MerchantInput } from '../../../../schemas/merchant';
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
    <div className="page" data-testid="merchant-create-page">
      <header className="page__header page__header--actions">
        <h1>
          <FormattedMessage id="merchants.create.title" />
        </h1>
        <Link to="/admin/merchants" className="button button--secondary">
          <FormattedMessage id="merchants.backToList" />
        </Link>
      </header>
      <MerchantForm initial={newDraft(language)} features={[]} submitLabelId="merchants.create.submit" successMessageId="merchants.created" send={send} />
    </div>
  );
}

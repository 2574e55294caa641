import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { SapCodeInput } from '#schemas/sap-code';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/states';
import { createSapCode } from './api/save-sap-code';
import { SapCodeForm } from './components/SapCodeForm';
import { merchantSapCodesPath } from './messages';

/** /admin/sapcodes/create?merchantId=…: a new SAP code of the distributor, then its list. */
export function SapCodeCreatePage() {
  const navigate = useNavigate();
  const merchantId = useSearchParams()[0].get('merchantId') ?? '';
  async function send(input: SapCodeInput) {
    await createSapCode({ ...input, merchantId });
    navigate(merchantSapCodesPath(merchantId));
  }
  return (
    <Page
      title={<FormattedMessage id="sapCodes.create.title" />}
      actions={
        merchantId && (
          <Link to={merchantSapCodesPath(merchantId)} className="button button--secondary">
            <FormattedMessage id="sapCodes.backToList" />
          </Link>
        )
      }
      testId="sap-code-create-page"
    >
      {merchantId ? (
        <SapCodeForm initial={{ code: '', description: '' }} submitLabelId="sapCodes.create.submit" successMessageId="sapCodes.created" send={send} />
      ) : (
        <EmptyState messageId="sapCodes.error.noMerchant" />
      )}
    </Page>
  );
}

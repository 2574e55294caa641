import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { ClientInput } from '#schemas/client';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { createClient } from './api/create-client';
import { canEditClients, clientPath } from './can-edit';
import { newClientDraft } from './client-draft';
import { ClientForm } from './components/ClientForm';

/** /manage/clients/create: a client of the merchant picked in the app bar, then its screen. */
export function ClientCreatePage() {
  const navigate = useNavigate();
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;

  // Merchant users read clients only.
  if (identity && !canEditClients(identity.role)) return <Navigate to="/manage/clients" replace />;

  async function send(input: ClientInput) {
    const client = await createClient(merchantId!, input);
    navigate(clientPath(client.merchantId, client.id));
  }

  return (
    <Page
      title={<FormattedMessage id="clients.create.title" />}
      actions={
        <Link to="/manage/clients" className="button button--secondary">
          <FormattedMessage id="clients.backToList" />
        </Link>
      }
      testId="client-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="clients.chooseMerchant">
        {(merchantId) => (
          <ClientForm
            key={merchantId}
            initial={newClientDraft()}
            canEdit
            submitLabelId="clients.create.submit"
            successMessageId="clients.created"
            send={send}
          />
        )}
      </ForOneMerchant>
    </Page>
  );
}

import { useNavigate } from 'react-router-dom';
import type { ClientInput } from '#schemas/client';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { createClient } from './api/create-client';
import { newClientDraft } from './client-draft';
import { ClientForm } from './components/ClientForm';

/** /manage/clients/create: a client of the merchant picked in the app bar, then its screen (merchant users read clients only). */
export function ClientCreatePage() {
  const navigate = useNavigate();
  return (
    <CrudCreatePage
      route="clients.create"
      titleId="clients.create.title"
      testId="client-create-page"
      listPath="/manage/clients"
      backMessageId="clients.backToList"
      chooseMessageId="clients.chooseMerchant"
    >
      {(merchantId) => (
        <ClientForm
          key={merchantId}
          initial={newClientDraft()}
          canEdit
          submitLabelId="clients.create.submit"
          successMessageId="clients.created"
          send={async (input: ClientInput) => {
            const client = await createClient(merchantId, input);
            navigate(itemPath('/manage/clients', client.merchantId, client.id));
          }}
        />
      )}
    </CrudCreatePage>
  );
}

import type { ClientInput } from '#schemas/client';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useItemAddress } from '../../components/crud/item-address';
import { deleteClient } from './api/delete-client';
import { useClient } from './api/get-client';
import { updateClient } from './api/update-client';
import { draftOfClient } from './client-draft';
import { ClientForm } from './components/ClientForm';
import { clientErrorMessageId } from './messages';

/** /manage/clients/{id}?merchantId=: the client, editable (not by merchant users) and deleted after confirmation. */
export function ClientDetailPage() {
  const { id, merchantId } = useItemAddress();
  const client = useClient(merchantId, id);
  return (
    <CrudDetailPage
      result={client}
      updateRoute="clients.update"
      remove={{
        route: 'clients.delete',
        messages: {
          action: 'clients.delete.action',
          confirmTitle: 'clients.delete.confirmTitle',
          confirmMessage: 'clients.delete.confirmMessage',
          confirm: 'clients.delete.confirm',
          cancel: 'clients.cancel',
          deleted: 'clients.deleted',
        },
        remove: () => deleteClient(merchantId!, id),
        testId: 'client-delete',
      }}
      titleId="clients.detail.title"
      testId="client-detail-page"
      listPath="/manage/clients"
      backMessageId="clients.backToList"
      errorMessageId={clientErrorMessageId}
    >
      {(c, canEdit) => (
        <ClientForm
          key={c.updatedAt}
          initial={draftOfClient(c)}
          canEdit={canEdit}
          submitLabelId="clients.save"
          successMessageId="clients.updated"
          send={(input: ClientInput) => updateClient(c.merchantId, c.id, input)}
        />
      )}
    </CrudDetailPage>
  );
}

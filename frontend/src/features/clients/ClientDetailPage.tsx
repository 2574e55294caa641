import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ClientInput } from '#schemas/client';
import { DeleteButton } from '../../components/DeleteButton';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deleteClient } from './api/delete-client';
import { useClient } from './api/get-client';
import { updateClient } from './api/update-client';
import { canEditClients } from './can-edit';
import { draftOfClient } from './client-draft';
import { ClientForm } from './components/ClientForm';
import { clientErrorMessageId } from './messages';

/** /manage/clients/{id}?merchantId=: the client, editable (not by merchant users) and deleted after confirmation. */
export function ClientDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const client = useClient(merchantId, id);
  const { identity } = useSession();
  const canEdit = canEditClients(identity?.role);

  return (
    <Page
      title={client.data?.name ?? <FormattedMessage id="clients.detail.title" />}
      actions={
        <>
          <Link to="/manage/clients" className="button button--secondary">
            <FormattedMessage id="clients.backToList" />
          </Link>
          {canEdit && client.data && (
            <DeleteButton
              messages={{
                action: 'clients.delete.action',
                confirmTitle: 'clients.delete.confirmTitle',
                confirmMessage: 'clients.delete.confirmMessage',
                confirm: 'clients.delete.confirm',
                cancel: 'clients.cancel',
                deleted: 'clients.deleted',
              }}
              remove={() => deleteClient(merchantId!, id)}
              afterPath="/manage/clients"
              errorMessageId={clientErrorMessageId}
              testId="client-delete"
            />
          )}
        </>
      }
      testId="client-detail-page"
    >
      <Loaded result={client} errorMessageId={clientErrorMessageId}>
        {(c) => (
          <ClientForm
            key={c.updatedAt}
            initial={draftOfClient(c)}
            canEdit={canEdit}
            submitLabelId="clients.save"
            successMessageId="clients.updated"
            send={(input: ClientInput) => updateClient(c.merchantId, c.id, input)}
          />
        )}
      </Loaded>
    </Page>
  );
}

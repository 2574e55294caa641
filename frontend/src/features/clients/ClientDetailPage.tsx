import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ClientInput } from '../../../../schemas/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
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
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    setConfirming(false);
    setDeleting(true);
    try {
      await deleteClient(merchantId!, id);
      showToast({ kind: 'success', messageId: 'clients.deleted' });
      navigate('/manage/clients', { replace: true });
    } catch (error) {
      showToast({ kind: 'error', messageId: clientErrorMessageId(error) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Page
      title={client.data?.name ?? <FormattedMessage id="clients.detail.title" />}
      actions={
        <>
          <Link to="/manage/clients" className="button button--secondary">
            <FormattedMessage id="clients.backToList" />
          </Link>
          {canEdit && client.data && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={deleting} data-testid="client-delete">
              {deleting ? <Spinner size="small" /> : <FormattedMessage id="clients.delete.action" />}
            </button>
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
      <ConfirmDialog
        open={confirming}
        titleId="clients.delete.confirmTitle"
        messageId="clients.delete.confirmMessage"
        confirmId="clients.delete.confirm"
        cancelId="clients.cancel"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}

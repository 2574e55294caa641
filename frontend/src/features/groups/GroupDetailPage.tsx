import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { GroupInput } from '../../../../schemas/group';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { deleteGroup } from './api/delete-group';
import { useGroup } from './api/get-group';
import { updateGroup } from './api/update-group';
import { canEditGroups } from './can-edit';
import { GroupForm } from './components/GroupForm';
import { groupErrorMessageId } from './messages';

/** /manage/groups/{id}?merchantId=: the group, editable by administrators and deleted after confirmation; read-only for a group admin. */
export function GroupDetailPage() {
  const id = useParams().id ?? '';
  const [search] = useSearchParams();
  const { merchant } = useCurrentMerchant();
  const merchantId = search.get('merchantId') ?? merchant?.id ?? null;
  const group = useGroup(merchantId, id);
  const { identity } = useSession();
  const canEdit = canEditGroups(identity?.role);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    setConfirming(false);
    setDeleting(true);
    try {
      await deleteGroup(merchantId!, id);
      showToast({ kind: 'success', messageId: 'groups.deleted' });
      navigate('/manage/groups', { replace: true });
    } catch (error) {
      showToast({ kind: 'error', messageId: groupErrorMessageId(error) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Page
      title={group.data?.name ?? <FormattedMessage id="groups.detail.title" />}
      actions={
        <>
          <Link to="/manage/groups" className="button button--secondary">
            <FormattedMessage id="groups.backToList" />
          </Link>
          {canEdit && group.data && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={deleting} data-testid="group-delete">
              {deleting ? <Spinner size="small" /> : <FormattedMessage id="groups.delete.action" />}
            </button>
          )}
        </>
      }
      testId="group-detail-page"
    >
      <Loaded result={group} errorMessageId={groupErrorMessageId}>
        {(g) => (
          <section className="card">
            <GroupForm
              key={g.updatedAt}
              initial={{ name: g.name, description: g.description }}
              canEdit={canEdit}
              submitLabelId="groups.save"
              successMessageId="groups.updated"
              send={(input: GroupInput) => updateGroup(g.merchantId, g.id, input)}
            />
          </section>
        )}
      </Loaded>
      <ConfirmDialog
        open={confirming}
        titleId="groups.delete.confirmTitle"
        messageId="groups.delete.confirmMessage"
        confirmId="groups.delete.confirm"
        cancelId="groups.cancel"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}

import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { UserUpdate } from '#schemas/user';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ADMIN_USERS, MANAGE_USERS, type UserArea } from './areas';
import { deleteUser } from './api/delete-user';
import { useUser } from './api/get-user';
import { resendInvitation } from './api/resend-invitation';
import { updateUser } from './api/update-user';
import { UserForm } from './components/UserForm';
import { userErrorMessageId } from './messages';
import { draftOfUser } from './user-draft';
import './users.css';

export function AdminUserDetailPage() {
  return <UserDetailPage area={ADMIN_USERS} />;
}

export function ManageUserDetailPage() {
  return <UserDetailPage area={MANAGE_USERS} />;
}

/** …/users/{id}: the user, editable; the invitation sent again; the user deleted after confirmation. */
function UserDetailPage({ area }: { area: UserArea }) {
  const id = useParams().id ?? '';
  const user = useUser(id);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [busy, setBusy] = useState<'resend' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(action: 'resend' | 'delete', call: () => Promise<void>, successMessageId: string, after?: () => void) {
    setBusy(action);
    try {
      await call();
      showToast({ kind: 'success', messageId: successMessageId });
      after?.();
    } catch (error) {
      showToast({ kind: 'error', messageId: userErrorMessageId(error) });
    } finally {
      setBusy(null);
    }
  }

  function confirmDelete() {
    setConfirming(false);
    void run(
      'delete',
      () => deleteUser(id),
      'users.deleted',
      () => navigate(area.base, { replace: true }),
    );
  }

  return (
    <Page
      title={user.data?.email ?? <FormattedMessage id="users.detail.title" />}
      actions={
        <>
          <Link to={area.base} className="button button--secondary">
            <FormattedMessage id="users.backToList" />
          </Link>
          {user.data && (
            <>
              <Link to={`/manage/audit-log?targetUserId=${encodeURIComponent(id)}`} className="button button--secondary" data-testid="user-audit-log">
                <FormattedMessage id="auditLog.link" />
              </Link>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void run('resend', () => resendInvitation(id), 'users.invitationResent')}
                disabled={busy !== null}
                data-testid="user-resend-invitation"
              >
                {busy === 'resend' ? <Spinner size="small" /> : <FormattedMessage id="users.resendInvitation" />}
              </button>
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={busy !== null} data-testid="user-delete">
                {busy === 'delete' ? <Spinner size="small" /> : <FormattedMessage id="users.delete.action" />}
              </button>
            </>
          )}
        </>
      }
      testId="user-detail-page"
    >
      <Loaded result={user} errorMessageId={userErrorMessageId}>
        {(u) => (
          <UserForm
            key={u.updatedAt}
            schema={UserUpdate}
            initial={draftOfUser(u)}
            submitLabelId="users.save"
            successMessageId="users.updated"
            send={(input: UserUpdate) => updateUser(id, input)}
          />
        )}
      </Loaded>
      <ConfirmDialog
        open={confirming}
        titleId="users.delete.confirmTitle"
        messageId="users.delete.confirmMessage"
        confirmId="users.delete.confirm"
        cancelId="users.cancel"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}

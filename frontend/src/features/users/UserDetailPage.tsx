import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { UserUpdate } from '#schemas/user';
import { ActionButton } from '../../components/ActionButton';
import { CrudDetailPage } from '../../components/crud/CrudDetailPage';
import { useMayCall } from '../../components/use-may-call';
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

/** …/users/{id}: the user, editable; its change history; the invitation sent again; the user deleted after confirmation. */
function UserDetailPage({ area }: { area: UserArea }) {
  const id = useParams().id ?? '';
  const user = useUser(id);
  const readsAuditLog = useMayCall('audit.list');
  const resends = useMayCall('users.resendInvitation');
  return (
    <CrudDetailPage
      result={user}
      title={(u) => u.email}
      updateRoute="users.update"
      actions={(_, running) => (
        <>
          {readsAuditLog && (
            <Link to={`/manage/audit-log?targetUserId=${encodeURIComponent(id)}`} className="button button--secondary" data-testid="user-audit-log">
              <FormattedMessage id="auditLog.link" />
            </Link>
          )}
          {resends && (
            <ActionButton
              action="resend"
              actions={running}
              call={() => resendInvitation(id)}
              labelId="users.resendInvitation"
              successMessageId="users.invitationResent"
              errorMessageId={userErrorMessageId}
              testId="user-resend-invitation"
            />
          )}
        </>
      )}
      remove={{
        route: 'users.delete',
        messages: {
          action: 'users.delete.action',
          confirmTitle: 'users.delete.confirmTitle',
          confirmMessage: 'users.delete.confirmMessage',
          confirm: 'users.delete.confirm',
          cancel: 'users.cancel',
          deleted: 'users.deleted',
        },
        remove: () => deleteUser(id),
        testId: 'user-delete',
      }}
      titleId="users.detail.title"
      testId="user-detail-page"
      listPath={area.base}
      backMessageId="users.backToList"
      errorMessageId={userErrorMessageId}
    >
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
    </CrudDetailPage>
  );
}

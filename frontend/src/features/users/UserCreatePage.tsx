import { useNavigate } from 'react-router-dom';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { UserCreate } from '#schemas/user';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { useLanguage } from '../../lib/intl';
import { ADMIN_USERS, MANAGE_USERS, userPath, type UserArea } from './areas';
import { createUser } from './api/create-user';
import { UserForm } from './components/UserForm';
import { newUserDraft } from './user-draft';
import './users.css';

export function AdminUserCreatePage() {
  return <UserCreatePage area={ADMIN_USERS} />;
}

export function ManageUserCreatePage() {
  return <UserCreatePage area={MANAGE_USERS} />;
}

/** …/users/create: invites a user (the identity gets a temporary password by email), then shows it. */
function UserCreatePage({ area }: { area: UserArea }) {
  const navigate = useNavigate();
  const { language } = useLanguage();

  async function send(input: UserCreate) {
    const user = await createUser(input);
    navigate(userPath(area, user.id));
  }

  return (
    <CrudCreatePage
      route="users.create"
      titleId="users.create.title"
      testId="user-create-page"
      listPath={area.base}
      backMessageId="users.backToList"
      scope="picked"
    >
      {(merchantId) => (
        // The new user starts in the merchant the screen works on (none preset for "all distributors").
        <UserForm
          schema={UserCreate}
          initial={newUserDraft(language, merchantId === ALL_DISTRIBUTORS_ID ? [] : [merchantId])}
          submitLabelId="users.create.submit"
          successMessageId="users.invited"
          send={send}
        />
      )}
    </CrudCreatePage>
  );
}

import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { UserCreate } from '#schemas/user';
import { Page } from '../../components/Page';
import { Loaded } from '../../components/states';
import { useLanguage } from '../../lib/intl';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
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
  const { merchant, merchants } = useCurrentMerchant();

  async function send(input: UserCreate) {
    const user = await createUser(input);
    navigate(userPath(area, user.id));
  }

  return (
    <Page
      title={<FormattedMessage id="users.create.title" />}
      actions={
        <Link to={area.base} className="button button--secondary">
          <FormattedMessage id="users.backToList" />
        </Link>
      }
      testId="user-create-page"
    >
      <Loaded result={merchants}>
        {() => {
          // The new user starts in the merchant the screen works on (none preset for "all distributors").
          const preset = merchant && merchant.id !== ALL_DISTRIBUTORS_ID ? [merchant.id] : [];
          return (
            <UserForm
              schema={UserCreate}
              initial={newUserDraft(language, preset)}
              submitLabelId="users.create.submit"
              successMessageId="users.invited"
              send={send}
            />
          );
        }}
      </Loaded>
    </Page>
  );
}

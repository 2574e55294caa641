import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { ROLES } from '#schemas/roles';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { languageName } from '../../lib/format';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { ADMIN_USERS, MANAGE_USERS, userPath, type UserArea } from './areas';
import { fetchAllUsers } from './api/get-all-users';
import { fetchGroupsOfMerchants, useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useUserPage } from './api/get-user-page';
import { userErrorMessageId } from './messages';
import { merchantsToName, toUserRow, type UserRow } from './user-rows';
import './users.css';

const DEFAULT_SORT = { ord: 'email', ordType: 'asc' } as const;

/** /admin/users: every user (super admin). */
export function AdminUserListPage() {
  return <UserListPage area={ADMIN_USERS} />;
}

/** /manage/users: the users of the merchant picked in the app bar (every user for "all distributors"). */
export function ManageUserListPage() {
  return <UserListPage area={MANAGE_USERS} />;
}

function UserListPage({ area }: { area: UserArea }) {
  return (
    <CrudListPage
      titleId="users.list.title"
      testId="user-list-page"
      scope={area.perMerchant ? 'picked' : 'every'}
      create={{ route: 'users.create', to: `${area.base}/create`, messageId: 'users.create.action', testId: 'user-create' }}
    >
      {/* A table per merchant: its cursors belong to that merchant's list. */}
      {(merchantId) => <UsersTable key={merchantId} area={area} merchantId={merchantId} />}
    </CrudListPage>
  );
}

/** `merchantId` ALL: every user. */
function UsersTable({ area, merchantId }: { area: UserArea; merchantId: string }) {
  const intl = useIntl();
  const myMerchants = useMyMerchants();
  const visible = useMemo<MerchantSummary[]>(() => (myMerchants.data ?? []).filter((m) => m.id !== ALL_DISTRIBUTORS_ID), [myMerchants.data]);

  const columns = useMemo<Column<UserRow>[]>(() => {
    const list = (values: string[]) => intl.formatList(values, { type: 'unit' });
    return [
      { id: 'email', messageId: 'users.field.email', ord: 'email', value: (u) => u.email, render: (u) => <Link to={userPath(area, u.id)}>{u.email}</Link> },
      { id: 'role', messageId: 'users.field.role', value: (u) => intl.formatMessage({ id: `roles.${u.role}` }) },
      { id: 'language', messageId: 'users.field.language', value: (u) => languageName(u.language, intl.locale) },
      { id: 'merchants', messageId: 'users.field.merchants', value: (u) => list(u.merchantNames) },
      { id: 'groups', messageId: 'users.field.groups', value: (u) => list(u.groupNames) },
      {
        id: 'notifications',
        messageId: 'users.field.notifications',
        value: (u) => intl.formatMessage({ id: u.receiveNotifications ? 'users.yes' : 'users.no' }),
      },
    ];
  }, [intl, area]);

  const table = useDataTable({ tableId: area.tableId, columns, defaultSort: DEFAULT_SORT });
  const page = useUserPage(merchantId, table.query);

  // Group names come from the groups of the merchants on the page (kept as pages change).
  const [named, setNamed] = useState<string[]>(() => (merchantId !== ALL_DISTRIBUTORS_ID ? [merchantId] : []));
  useEffect(() => {
    if (!page.data) return;
    const wanted = merchantsToName(page.data.items, visible);
    setNamed((current) => (wanted.every((id) => current.includes(id)) ? current : [...new Set([...current, ...wanted])]));
  }, [page.data, visible]);
  const groups = useGroupsOfMerchants(named);

  const result = useMemo(() => {
    const data = page.data && { ...page.data, items: page.data.items.map((u) => toUserRow(u, visible, groups.data ?? {})) };
    return { data, error: page.error, isLoading: page.isLoading, isValidating: page.isValidating, mutate: page.mutate };
  }, [page.data, page.error, page.isLoading, page.isValidating, page.mutate, visible, groups.data]);

  // CSV: every user of the list, with the names of their merchants and groups.
  const exportRows = useCallback(async () => {
    const users = await fetchAllUsers(merchantId);
    const groupsByMerchant = await fetchGroupsOfMerchants(merchantsToName(users, visible));
    return users.map((u) => toUserRow(u, visible, groupsByMerchant));
  }, [merchantId, visible]);

  // A merchant's users are never super admins (they see every merchant without being given one).
  const everyUser = merchantId === ALL_DISTRIBUTORS_ID;
  const roles = everyUser ? ROLES : ROLES.filter((r) => r !== 'NEBULARSUPERADMIN');
  const roleOptions = roles.map((role) => ({ value: role, label: intl.formatMessage({ id: `roles.${role}` }) }));

  return (
    <DataTable
      table={table}
      result={result}
      rowKey={(u) => u.id}
      emptyMessageId="users.list.empty"
      exportRows={exportRows}
      errorMessageId={userErrorMessageId}
      filters={
        <>
          <SelectFilter
            table={table}
            field="role"
            messageId="users.filter.role"
            allLabel={intl.formatMessage({ id: 'users.filter.allRoles' })}
            options={roleOptions}
          />
          <SearchFilter table={table} field="search" messageId="users.filter.email" />
        </>
      }
    />
  );
}

import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { NoVendProfile } from '#schemas/no-vend-profile';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { fetchMerchantNoVendProfiles } from '../../lib/resources/get-merchant-no-vend-profiles';
import { useProfilePage } from './api/get-profile-page';
import { profileErrorMessageId } from './messages';
import './no-vend-profiles.css';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/no-vend-profiles: the no-vend profiles of the merchant picked in the app bar. */
export function NoVendProfileListPage() {
  return (
    <CrudListPage
      titleId="noVendProfiles.list.title"
      testId="no-vend-profile-list-page"
      chooseMessageId="noVendProfiles.chooseMerchant"
      create={{
        route: 'noVendProfiles.create',
        to: '/manage/no-vend-profiles/create',
        messageId: 'noVendProfiles.create.action',
        testId: 'no-vend-profile-create',
      }}
    >
      {(merchantId) => <ProfilesTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function ProfilesTable({ merchantId }: { merchantId: string }) {
  const columns = useMemo<Column<NoVendProfile>[]>(
    () => [
      {
        id: 'name',
        messageId: 'noVendProfiles.field.name',
        ord: 'name',
        value: (p) => p.name,
        render: (p) => (
          <Link to={itemPath('/manage/no-vend-profiles', p.merchantId, p.id)} data-testid="no-vend-profile-link">
            {p.name}
          </Link>
        ),
      },
      { id: 'description', messageId: 'noVendProfiles.field.description', value: (p) => p.description },
      { id: 'periods', messageId: 'noVendProfiles.field.periods', value: (p) => String(p.periods.length) },
      { id: 'machines', messageId: 'noVendProfiles.field.machines', value: (p) => String(p.machines) },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'manage-no-vend-profiles', columns, defaultSort: DEFAULT_SORT });
  const page = useProfilePage(merchantId, table.query);
  const exportRows = useCallback(() => fetchMerchantNoVendProfiles(merchantId), [merchantId]);
  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(p) => p.id}
      emptyMessageId="noVendProfiles.list.empty"
      exportRows={exportRows}
      errorMessageId={profileErrorMessageId}
    />
  );
}

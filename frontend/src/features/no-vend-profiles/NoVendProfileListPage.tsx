import { useCallback, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { NoVendProfile } from '#schemas/no-vend-profile';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { fetchMerchantNoVendProfiles } from '../../lib/resources/get-merchant-no-vend-profiles';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { useProfilePage } from './api/get-profile-page';
import { canEditProfiles, profilePath } from './can-edit';
import { profileErrorMessageId } from './messages';
import './no-vend-profiles.css';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/no-vend-profiles: the no-vend profiles of the merchant picked in the app bar. */
export function NoVendProfileListPage() {
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  return (
    <Page
      title={<FormattedMessage id="noVendProfiles.list.title" />}
      actions={
        canEditProfiles(identity?.role) &&
        merchantId && (
          <Link to="/manage/no-vend-profiles/create" className="button button--primary" data-testid="no-vend-profile-create">
            <FormattedMessage id="noVendProfiles.create.action" />
          </Link>
        )
      }
      testId="no-vend-profile-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="noVendProfiles.chooseMerchant">
        {(merchantId) => <ProfilesTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
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
          <Link to={profilePath(p.merchantId, p.id)} data-testid="no-vend-profile-link">
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

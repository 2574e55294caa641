import { useMemo } from 'react';
import { FormattedDate } from 'react-intl';
import { Link } from 'react-router-dom';
import type { VpConfiguration } from '#schemas/vp-configuration';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { useVpConfigurationPage } from './api/get-vp-configuration-page';
import { vpErrorMessageId } from './messages';

export const VP_LIST_PATH = '/devices/vp/configurations';
const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /devices/vp/configurations: the visual programmer configurations of the merchant picked in the app bar. */
export function VpConfigurationListPage() {
  return (
    <CrudListPage
      titleId="vpConfigurations.list.title"
      testId="vp-configuration-list-page"
      chooseMessageId="vpConfigurations.chooseMerchant"
      create={{
        route: 'vpConfigurations.create',
        to: `${VP_LIST_PATH}/create`,
        messageId: 'vpConfigurations.create.action',
        testId: 'vp-configuration-create',
      }}
    >
      {(merchantId) => <VpTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function VpTable({ merchantId }: { merchantId: string }) {
  const columns = useMemo<Column<VpConfiguration>[]>(
    () => [
      {
        id: 'name',
        messageId: 'vpConfigurations.field.name',
        ord: 'name',
        value: (c) => c.name,
        render: (c) => (
          <Link to={itemPath(VP_LIST_PATH, c.merchantId, c.id)} data-testid="vp-configuration-link">
            {c.name}
          </Link>
        ),
      },
      { id: 'deviceType', messageId: 'vpConfigurations.field.deviceType', value: (c) => c.deviceType },
      { id: 'version', messageId: 'vpConfigurations.field.version', value: (c) => String(c.version) },
      {
        id: 'createdAt',
        messageId: 'vpConfigurations.field.createdAt',
        value: (c) => c.createdAt,
        render: (c) => <FormattedDate value={c.createdAt} dateStyle="short" timeStyle="short" />,
      },
      {
        id: 'updatedAt',
        messageId: 'vpConfigurations.field.updatedAt',
        value: (c) => c.updatedAt,
        render: (c) => <FormattedDate value={c.updatedAt} dateStyle="short" timeStyle="short" />,
      },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'vp-configurations', columns, defaultSort: DEFAULT_SORT });
  const page = useVpConfigurationPage(merchantId, table.query);
  return <DataTable table={table} result={page} rowKey={(c) => c.id} emptyMessageId="vpConfigurations.list.empty" errorMessageId={vpErrorMessageId} />;
}

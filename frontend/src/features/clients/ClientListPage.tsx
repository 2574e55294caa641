import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Client } from '#schemas/client';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { formatNumber } from '../../lib/format';
import { fetchMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useClientPage } from './api/get-client-page';
import { clientErrorMessageId } from './messages';

const CLIENTS = '/manage/clients';
const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/clients: the clients of the merchant picked in the app bar; "all distributors" asks for one to be picked. */
export function ClientListPage() {
  return (
    <CrudListPage
      titleId="clients.list.title"
      testId="client-list-page"
      chooseMessageId="clients.chooseMerchant"
      create={{ route: 'clients.create', to: '/manage/clients/create', messageId: 'clients.create.action', testId: 'client-create' }}
    >
      {(merchantId) => <ClientsTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function ClientsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<Client>[]>(
    () => [
      { id: 'code', messageId: 'clients.field.code', value: (c) => c.code },
      {
        id: 'name',
        messageId: 'clients.field.name',
        ord: 'name',
        value: (c) => c.name,
        render: (c) => (
          <Link to={itemPath(CLIENTS, c.merchantId, c.id)} data-testid="client-link">
            {c.name}
          </Link>
        ),
      },
      { id: 'companyName', messageId: 'clients.field.companyName', value: (c) => c.companyName },
      { id: 'vat', messageId: 'clients.field.vat', value: (c) => c.vat },
      { id: 'city', messageId: 'clients.field.city', value: (c) => c.city },
      { id: 'province', messageId: 'clients.field.province', value: (c) => c.province },
      { id: 'phone', messageId: 'clients.field.phone', value: (c) => c.phone },
      { id: 'machines', messageId: 'clients.field.machines', value: (c) => formatNumber(c.machines, intl.locale) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-clients', columns, defaultSort: DEFAULT_SORT });
  const page = useClientPage(merchantId, table.query);
  const exportRows = useCallback(() => fetchMerchantClients(merchantId), [merchantId]);
  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(c) => c.id}
      emptyMessageId="clients.list.empty"
      exportRows={exportRows}
      errorMessageId={clientErrorMessageId}
    />
  );
}

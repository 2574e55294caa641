import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Client } from '#schemas/client';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatNumber } from '../../lib/format';
import { fetchMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { useClientPage } from './api/get-client-page';
import { canEditClients, clientPath } from './can-edit';
import { clientErrorMessageId } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/clients: the clients of the merchant picked in the app bar; "all distributors" asks for one to be picked. */
export function ClientListPage() {
  const { identity } = useSession();
  const { merchant, all, merchants } = useCurrentMerchant();
  const merchantId = merchant && !all ? merchant.id : null;
  return (
    <Page
      title={<FormattedMessage id="clients.list.title" />}
      actions={
        canEditClients(identity?.role) &&
        merchantId && (
          <Link to="/manage/clients/create" className="button button--primary" data-testid="client-create">
            <FormattedMessage id="clients.create.action" />
          </Link>
        )
      }
      testId="client-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="clients.chooseMerchant">
        {(merchantId) => <ClientsTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
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
          <Link to={clientPath(c.merchantId, c.id)} data-testid="client-link">
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

import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Merchant } from '#schemas/merchant';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { formatters } from '../../lib/format';
import { fetchAllMerchants } from './api/get-all-merchants';
import { useMerchantPage } from './api/get-merchant-page';
import './merchants.css';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /admin/merchants: every merchant, each a link to edit it. */
export function MerchantListPage() {
  const intl = useIntl();
  const columns = useMemo<Column<Merchant>[]>(() => {
    const format = formatters(intl.locale);
    return [
      {
        id: 'name',
        messageId: 'merchants.field.name',
        ord: 'name',
        value: (m) => m.name,
        render: (m) => <Link to={`/admin/merchants/${encodeURIComponent(m.id)}`}>{m.name}</Link>,
      },
      { id: 'country', messageId: 'merchants.field.country', value: (m) => format.region(m.country) },
      { id: 'currency', messageId: 'merchants.field.currency', value: (m) => m.currency },
      { id: 'contactEmail', messageId: 'merchants.field.contactEmail', value: (m) => m.contactEmail },
      { id: 'language', messageId: 'merchants.field.language', value: (m) => format.language(m.language) },
      { id: 'features', messageId: 'merchants.field.featuresCount', value: (m) => format.number(m.features.length) },
      { id: 'createdAt', messageId: 'merchants.field.createdAt', value: (m) => format.date(m.createdAt) },
    ];
  }, [intl]);

  const table = useDataTable({ tableId: 'admin-merchants', columns, defaultSort: DEFAULT_SORT });
  const page = useMerchantPage(table.query);

  return (
    <Page
      title={<FormattedMessage id="merchants.list.title" />}
      actions={
        <Link to="/admin/merchants/create" className="button button--primary" data-testid="merchant-create">
          <FormattedMessage id="merchants.create.action" />
        </Link>
      }
      testId="merchant-list-page"
    >
      <DataTable table={table} result={page} rowKey={(m) => m.id} emptyMessageId="merchants.list.empty" exportRows={fetchAllMerchants} />
    </Page>
  );
}

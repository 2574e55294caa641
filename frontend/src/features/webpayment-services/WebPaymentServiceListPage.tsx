import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { WebPaymentService } from '#schemas/webpayment-service';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { useWebPaymentServicePage } from './api/get-webpayment-service-page';
import { webPaymentServiceErrorMessageId, webPaymentServicePath } from './messages';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /admin/webpayment-services: the web payment services by name (super admin). */
export function WebPaymentServiceListPage() {
  const intl = useIntl();
  const columns = useMemo<Column<WebPaymentService>[]>(
    () => [
      {
        id: 'name',
        messageId: 'webpaymentServices.field.name',
        ord: 'name',
        value: (s) => s.name,
        render: (s) => (
          <Link to={webPaymentServicePath(s.id)} data-testid="webpayment-service-link">
            {s.name}
          </Link>
        ),
      },
      { id: 'type', messageId: 'webpaymentServices.field.type', value: (s) => intl.formatMessage({ id: `webpaymentServices.type.${s.type}` }) },
      { id: 'url', messageId: 'webpaymentServices.field.url', value: (s) => s.url },
      { id: 'description', messageId: 'webpaymentServices.field.description', value: (s) => s.description },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'admin-webpayment-services', columns, defaultSort: DEFAULT_SORT });
  const page = useWebPaymentServicePage(table.query);
  return (
    <CrudListPage
      scope="platform"
      titleId="webpaymentServices.list.title"
      testId="webpayment-service-list-page"
      create={{
        route: 'webpaymentServices.create',
        to: '/admin/webpayment-services/create',
        messageId: 'webpaymentServices.create.action',
        testId: 'webpayment-service-create',
      }}
    >
      <DataTable
        table={table}
        result={page}
        rowKey={(s) => s.id}
        emptyMessageId="webpaymentServices.list.empty"
        errorMessageId={webPaymentServiceErrorMessageId}
      />
    </CrudListPage>
  );
}

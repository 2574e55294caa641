import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { WebPaymentService } from '#schemas/webpayment-service';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
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
    <Page
      title={<FormattedMessage id="webpaymentServices.list.title" />}
      actions={
        <Link to="/admin/webpayment-services/create" className="button button--primary" data-testid="webpayment-service-create">
          <FormattedMessage id="webpaymentServices.create.action" />
        </Link>
      }
      testId="webpayment-service-list-page"
    >
      <DataTable
        table={table}
        result={page}
        rowKey={(s) => s.id}
        emptyMessageId="webpaymentServices.list.empty"
        errorMessageId={webPaymentServiceErrorMessageId}
      />
    </Page>
  );
}

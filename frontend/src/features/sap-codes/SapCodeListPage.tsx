import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { SapCode } from '#schemas/sap-code';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { useSapCodePage } from './api/get-sap-code-page';
import { sapCodeErrorMessageId, sapCodePath } from './messages';

const DEFAULT_SORT = { ord: 'code', ordType: 'asc' } as const;

/** /admin/merchants/{id}/sapcodes: the distributor's SAP codes by code (super admin). */
export function SapCodeListPage() {
  const merchantId = useParams().id ?? '';
  const columns = useMemo<Column<SapCode>[]>(
    () => [
      {
        id: 'code',
        messageId: 'sapCodes.field.code',
        ord: 'code',
        value: (s) => s.code,
        render: (s) => (
          <Link to={sapCodePath(s.id)} data-testid="sap-code-link">
            {s.code}
          </Link>
        ),
      },
      { id: 'description', messageId: 'sapCodes.field.description', value: (s) => s.description },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'admin-sap-codes', columns, defaultSort: DEFAULT_SORT });
  const page = useSapCodePage(merchantId, table.query);
  return (
    <Page
      title={<FormattedMessage id="sapCodes.list.title" />}
      actions={
        <>
          <Link to={`/admin/merchants/${encodeURIComponent(merchantId)}`} className="button button--secondary">
            <FormattedMessage id="sapCodes.backToMerchant" />
          </Link>
          <Link to={`/admin/sapcodes/create?${new URLSearchParams({ merchantId })}`} className="button button--primary" data-testid="sap-code-create">
            <FormattedMessage id="sapCodes.create.action" />
          </Link>
        </>
      }
      testId="sap-code-list-page"
    >
      <DataTable table={table} result={page} rowKey={(s) => s.id} emptyMessageId="sapCodes.list.empty" errorMessageId={sapCodeErrorMessageId} />
    </Page>
  );
}

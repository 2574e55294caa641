import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { SapCode } from '#schemas/sap-code';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
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
    <CrudListPage
      scope="platform"
      titleId="sapCodes.list.title"
      testId="sap-code-list-page"
      actions={
        <Link to={`/admin/merchants/${encodeURIComponent(merchantId)}`} className="button button--secondary">
          <FormattedMessage id="sapCodes.backToMerchant" />
        </Link>
      }
      create={{
        route: 'sapCodes.create',
        to: `/admin/sapcodes/create?${new URLSearchParams({ merchantId })}`,
        messageId: 'sapCodes.create.action',
        testId: 'sap-code-create',
      }}
    >
      <DataTable table={table} result={page} rowKey={(s) => s.id} emptyMessageId="sapCodes.list.empty" errorMessageId={sapCodeErrorMessageId} />
    </CrudListPage>
  );
}

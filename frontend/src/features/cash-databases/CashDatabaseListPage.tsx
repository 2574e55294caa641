import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CashDatabase } from '#schemas/cash-database';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useCashDatabasePage } from './api/get-cash-database-page';
import { CASH_DATABASES_PATH, cashDatabaseErrorMessageId, targetMessageId } from './messages';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

/** /manage/cash-database (CASHDB_UPDATE, every role): the cash database versions of the merchant picked in the app bar. */
export function CashDatabaseListPage() {
  return (
    <CrudListPage
      titleId="cashDatabases.list.title"
      testId="cash-database-list-page"
      chooseMessageId="cashDatabases.chooseMerchant"
      create={{ route: 'cashDatabases.create', to: `${CASH_DATABASES_PATH}/create`, messageId: 'cashDatabases.create.action', testId: 'cash-database-create' }}
    >
      {(merchantId) => <CashDatabasesTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function CashDatabasesTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<CashDatabase>[]>(
    () => [
      {
        id: 'version',
        messageId: 'cashDatabases.field.version',
        value: (d) => d.version,
        render: (d) => (
          <Link to={itemPath(CASH_DATABASES_PATH, d.merchantId, d.id)} data-testid="cash-database-link">
            {d.version}
          </Link>
        ),
      },
      { id: 'deviceType', messageId: 'cashDatabases.field.deviceType', value: (d) => d.deviceType },
      { id: 'peripheral', messageId: 'cashDatabases.field.peripheral', value: (d) => intl.formatMessage({ id: targetMessageId(d) }) },
      { id: 'description', messageId: 'cashDatabases.field.description', value: (d) => d.description },
      { id: 'file', messageId: 'cashDatabases.field.file', value: (d) => d.file.fileName },
      { id: 'size', messageId: 'cashDatabases.field.size', value: (d) => formatBytes(d.file.size, intl.locale) },
      { id: 'rules', messageId: 'cashDatabases.field.rules', value: (d) => String(d.rules) },
      { id: 'createdAt', messageId: 'cashDatabases.field.createdAt', ord: 'createdAt', value: (d) => formatDateTime(d.createdAt, intl.locale) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-cash-databases', columns, defaultSort: DEFAULT_SORT });
  const page = useCashDatabasePage(merchantId, table.query);
  return <DataTable table={table} result={page} rowKey={(d) => d.id} emptyMessageId="cashDatabases.list.empty" errorMessageId={cashDatabaseErrorMessageId} />;
}

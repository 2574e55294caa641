import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Planogram } from '#schemas/planogram';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { itemPath } from '../../components/crud/item-address';
import { usePlanogramPage } from './api/get-planogram-page';
import { planogramErrorMessageId, TYPE_MESSAGES } from './messages';
import './planograms.css';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/** /manage/planograms: the planograms of the merchant picked in the app bar. */
export function PlanogramListPage() {
  return (
    <CrudListPage
      titleId="planograms.list.title"
      testId="planogram-list-page"
      chooseMessageId="planograms.chooseMerchant"
      create={{ route: 'planograms.create', to: '/manage/planograms/create', messageId: 'planograms.create.action', testId: 'planogram-create' }}
    >
      {(merchantId) => <PlanogramsTable key={merchantId} merchantId={merchantId} />}
    </CrudListPage>
  );
}

function PlanogramsTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<Planogram>[]>(
    () => [
      {
        id: 'name',
        messageId: 'planograms.field.name',
        ord: 'name',
        value: (p) => p.name,
        render: (p) => (
          <Link to={itemPath('/manage/planograms', p.merchantId, p.id)} data-testid="planogram-link">
            {p.name}
          </Link>
        ),
      },
      { id: 'description', messageId: 'planograms.field.description', value: (p) => p.description },
      { id: 'planogramType', messageId: 'planograms.field.type', value: (p) => intl.formatMessage({ id: TYPE_MESSAGES[p.planogramType] }) },
      { id: 'lines', messageId: 'planograms.field.lines', value: (p) => String(p.lines.length) },
      { id: 'machines', messageId: 'planograms.field.machines', value: (p) => String(p.machines) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'manage-planograms', columns, defaultSort: DEFAULT_SORT });
  const page = usePlanogramPage(merchantId, table.query);
  return <DataTable table={table} result={page} rowKey={(p) => p.id} emptyMessageId="planograms.list.empty" errorMessageId={planogramErrorMessageId} />;
}

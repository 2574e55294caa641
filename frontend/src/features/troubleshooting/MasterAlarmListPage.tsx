import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { MasterAlarm } from '#schemas/alarm';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { useMasterAlarmPage } from './api/get-master-alarm-page';
import { masterAlarmErrorMessageId, masterAlarmPath } from './messages';

const DEFAULT_SORT = { ord: 'code', ordType: 'asc' } as const;
type Row = Omit<MasterAlarm, 'level1' | 'level2'>;

/** /admin/troubleshooting-alarm: the master alarms by code (super admin). */
export function MasterAlarmListPage() {
  const intl = useIntl();
  const columns = useMemo<Column<Row>[]>(() => {
    const format = (id: string) => intl.formatMessage({ id });
    return [
      {
        id: 'code',
        messageId: 'troubleshooting.field.code',
        ord: 'code',
        value: (a) => a.code,
        render: (a) => (
          <Link to={masterAlarmPath(a.code)} data-testid="master-alarm-link">
            {a.code}
          </Link>
        ),
      },
      { id: 'message', messageId: 'alarms.field.message', value: (a) => a.message },
      { id: 'criticity', messageId: 'alarms.field.criticity', value: (a) => format(`alarms.criticity.${a.criticity}`) },
      { id: 'category', messageId: 'alarms.field.category', value: (a) => format(`alarms.category.${a.category}`) },
      { id: 'machineType', messageId: 'troubleshooting.field.machineType', value: (a) => a.machineType },
      { id: 'source', messageId: 'troubleshooting.field.source', value: (a) => format(`troubleshooting.source.${a.source}`) },
      { id: 'group', messageId: 'troubleshooting.field.group', value: (a) => format(`troubleshooting.group.${a.group}`) },
      { id: 'mcbf', messageId: 'troubleshooting.field.mcbf', value: (a) => format(`troubleshooting.mcbf.${a.mcbf || 'empty'}`) },
    ];
  }, [intl]);
  const table = useDataTable({ tableId: 'admin-troubleshooting-alarms', columns, defaultSort: DEFAULT_SORT });
  const page = useMasterAlarmPage(table.query);
  return (
    <CrudListPage
      scope="platform"
      titleId="troubleshooting.list.title"
      testId="master-alarm-list-page"
      create={{
        route: 'masterAlarms.create',
        to: '/admin/troubleshooting-alarm/create',
        messageId: 'troubleshooting.create.action',
        testId: 'master-alarm-create',
      }}
    >
      <DataTable
        table={table}
        result={page}
        rowKey={(a) => a.code}
        emptyMessageId="troubleshooting.list.empty"
        errorMessageId={masterAlarmErrorMessageId}
        filters={<SearchFilter table={table} field="search" messageId="troubleshooting.filter.code" />}
      />
    </CrudListPage>
  );
}

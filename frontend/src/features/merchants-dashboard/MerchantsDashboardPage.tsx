import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MerchantDashboardRow } from '#schemas/merchants-dashboard';
import { DataTable, type PageResult } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { useFormat } from '../../lib/format';
import { useMerchantsDashboard } from './api/get-merchants-dashboard';
import { pageOfRows, sortRows } from './rows';

const DEFAULT_SORT = { ord: 'month', ordType: 'desc' } as const;

/**
 * /merchants-dashboard: every merchant the user may see side by side (a merchant role: its own; the super admin: all),
 * its sales, machines, alarms and KPIs; sortable by every figure, CSV of the sorted rows.
 */
export function MerchantsDashboardPage() {
  const intl = useIntl();
  const format = useFormat();
  const dashboard = useMerchantsDashboard();
  const kpiDays = dashboard.data?.kpiDays ?? 30;
  const columns = useMemo<Column<MerchantDashboardRow>[]>(() => {
    const money = (value: (r: MerchantDashboardRow) => number | null) => (r: MerchantDashboardRow) => {
      const v = value(r);
      return v === null ? intl.formatMessage({ id: 'merchantsDashboard.notEnoughData' }) : format.money(Math.round(v), r.currency);
    };
    const count = (value: (r: MerchantDashboardRow) => number) => (r: MerchantDashboardRow) => format.number(value(r));
    return [
      { id: 'name', messageId: 'merchantsDashboard.column.name', ord: 'name', value: (r) => r.name },
      { id: 'country', messageId: 'merchantsDashboard.column.country', ord: 'country', value: (r) => format.region(r.country) },
      { id: 'today', messageId: 'merchantsDashboard.column.today', ord: 'today', value: money((r) => r.sales.today.value) },
      { id: 'week', messageId: 'merchantsDashboard.column.week', ord: 'week', value: money((r) => r.sales.week.value) },
      { id: 'month', messageId: 'merchantsDashboard.column.month', ord: 'month', value: money((r) => r.sales.month.value) },
      { id: 'visible', messageId: 'merchantsDashboard.column.machines', ord: 'visible', value: count((r) => r.machines.visible) },
      { id: 'online', messageId: 'merchantsDashboard.column.online', ord: 'online', value: count((r) => r.machines.online) },
      { id: 'offline', messageId: 'merchantsDashboard.column.offline', ord: 'offline', value: count((r) => r.machines.offline) },
      { id: 'blocking', messageId: 'merchantsDashboard.column.blocking', ord: 'blocking', value: count((r) => r.machines.blocking) },
      { id: 'alarmsActive', messageId: 'merchantsDashboard.column.alarmsActive', ord: 'alarmsActive', value: count((r) => r.alarmsActive) },
      {
        id: 'salesPerMachineDay',
        messageId: 'merchantsDashboard.column.salesPerMachineDay',
        ord: 'salesPerMachineDay',
        value: money((r) => r.kpis.salesPerMachineDay),
      },
      { id: 'averageTicket', messageId: 'merchantsDashboard.column.averageTicket', ord: 'averageTicket', value: money((r) => r.kpis.averageTicket) },
      {
        id: 'cashlessShare',
        messageId: 'merchantsDashboard.column.cashlessShare',
        ord: 'cashlessShare',
        value: (r) =>
          r.kpis.cashlessShare === null ? intl.formatMessage({ id: 'merchantsDashboard.notEnoughData' }) : format.percent(r.kpis.cashlessShare * 100),
      },
    ];
  }, [intl, format]);
  const table = useDataTable({ tableId: 'merchants-dashboard', columns, defaultSort: DEFAULT_SORT });
  const { sortOptions, currentPage, itemsPerPage } = table.state;
  const sorted = useMemo(() => (dashboard.data ? sortRows(dashboard.data.rows, sortOptions) : undefined), [dashboard.data, sortOptions]);
  const result: PageResult<MerchantDashboardRow> = {
    data: sorted && pageOfRows(sorted, currentPage, itemsPerPage),
    error: dashboard.error,
    isLoading: dashboard.isLoading,
    isValidating: dashboard.isValidating,
    mutate: dashboard.mutate,
  };
  const exportRows = useCallback(async () => sorted ?? [], [sorted]);

  return (
    <Page title={<FormattedMessage id="merchantsDashboard.title" />} testId="merchants-dashboard">
      <p className="muted">
        <FormattedMessage id="merchantsDashboard.hint" values={{ days: kpiDays }} />
      </p>
      <DataTable table={table} result={result} rowKey={(r) => r.merchantId} emptyMessageId="merchantsDashboard.empty" exportRows={exportRows} />
    </Page>
  );
}

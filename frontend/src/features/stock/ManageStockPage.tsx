import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { STOCK_STATUSES, type StockManageRow } from '#schemas/stock';
import { DataTable } from '../../components/data-table/DataTable';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useMerchantPlanograms } from '../../lib/resources/get-merchant-planograms';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useStockManagePage } from './api/get-stock-manage-page';
import { DaysToSellOut, FillBar, StockStatusBadge, useDaysToSellOutText } from './components/StockBadges';
import { stockErrorMessageId } from './messages';
import { STOCK_STATUS_MESSAGES, stockTabPath } from './stock-labels';
import { useMayCall } from '../../components/use-may-call';
import './stock.css';

/** Emptiest first: the machines to visit come on top. */
const DEFAULT_SORT = { ord: 'fill', ordType: 'asc' } as const;

/**
 * /devices/manage-stock: the machines of the merchant picked in the app bar that manage stock (a group admin's
 * groups only), with how full each is, its lines out and low and its last refill; each opens its stock tab.
 */
export function ManageStockPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="stock.manage.title" />}
      actions={
        <Link to="/devices/pick-list" className="button button--secondary" data-testid="manage-stock-pick-list">
          <FormattedMessage id="stock.pickList.title" />
        </Link>
      }
      testId="manage-stock-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="stock.chooseMerchant">
        {(merchantId) => <StockTable key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function StockTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const format = useFormat();
  const daysText = useDaysToSellOutText();
  // A merchant user reads no groups (spec §2).
  const readsGroups = useMayCall('groups.list');
  const groups = useGroupsOfMerchants(readsGroups ? [merchantId] : []);
  const clients = useMerchantClients(merchantId);
  const planograms = useMerchantPlanograms(merchantId);
  const groupList = useMemo(() => groups.data?.[merchantId] ?? [], [groups.data, merchantId]);
  const clientList = useMemo(() => clients.data ?? [], [clients.data]);
  const planogramList = useMemo(() => planograms.data ?? [], [planograms.data]);

  const columns = useMemo<Column<StockManageRow>[]>(() => {
    const nameOf = (list: readonly { id: string; name: string }[], id: string | null) => (id ? (list.find((x) => x.id === id)?.name ?? id) : '');
    return [
      {
        id: 'name',
        messageId: 'stock.field.machine',
        value: (r) => r.name,
        render: (r) => (
          <Link to={stockTabPath(r.serial)} data-testid="manage-stock-link">
            {r.name}
          </Link>
        ),
      },
      { id: 'serial', messageId: 'stock.field.serial', value: (r) => r.serial },
      {
        id: 'fill',
        messageId: 'stock.field.fill',
        ord: 'fill',
        value: (r) => format.percent(r.fillPercent),
        render: (r) => <FillBar percent={r.fillPercent} />,
      },
      { id: 'linesOut', messageId: 'stock.field.linesOut', value: (r) => format.number(r.linesOut) },
      { id: 'linesLow', messageId: 'stock.field.linesLow', value: (r) => format.number(r.linesLow) },
      {
        id: 'status',
        messageId: 'stock.field.status',
        value: (r) => intl.formatMessage({ id: STOCK_STATUS_MESSAGES[r.status] }),
        render: (r) => <StockStatusBadge status={r.status} />,
      },
      {
        id: 'daysToSellOut',
        messageId: 'stock.field.daysToSellOut',
        value: (r) => daysText(r.daysToSellOut),
        render: (r) => <DaysToSellOut days={r.daysToSellOut} />,
      },
      { id: 'lastRefill', messageId: 'stock.field.lastRefill', value: (r) => format.dateTime(r.lastRefillAt) },
      { id: 'group', messageId: 'stock.field.group', value: (r) => nameOf(groupList, r.groupId) },
      { id: 'client', messageId: 'stock.field.client', value: (r) => nameOf(clientList, r.clientId) },
      { id: 'planogram', messageId: 'stock.field.planogram', value: (r) => nameOf(planogramList, r.planogramId) },
      { id: 'updatedAt', messageId: 'stock.line.updatedAt', value: (r) => format.dateTime(r.updatedAt) },
    ];
  }, [intl, format, daysText, groupList, clientList, planogramList]);

  const table = useDataTable({ tableId: 'manage-stock', columns, defaultSort: DEFAULT_SORT });
  const page = useStockManagePage(merchantId, table.query);
  const options = (list: readonly { id: string; name: string }[]) => list.map((x) => ({ value: x.id, label: x.name }));
  const statusOptions = STOCK_STATUSES.map((s) => ({ value: String(s), label: intl.formatMessage({ id: STOCK_STATUS_MESSAGES[s] }) }));
  const all = (id: string) => intl.formatMessage({ id });

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(r) => r.serial}
      emptyMessageId="stock.manage.empty"
      errorMessageId={stockErrorMessageId}
      filters={
        <>
          {readsGroups && groupList.length > 0 && (
            <SelectFilter table={table} field="groupId" messageId="stock.field.group" allLabel={all('stock.filter.allGroups')} options={options(groupList)} />
          )}
          <SelectFilter table={table} field="clientId" messageId="stock.field.client" allLabel={all('stock.filter.allClients')} options={options(clientList)} />
          <SelectFilter
            table={table}
            field="planogramId"
            messageId="stock.field.planogram"
            allLabel={all('stock.filter.allPlanograms')}
            options={options(planogramList)}
          />
          <SelectFilter table={table} field="status" messageId="stock.field.status" allLabel={all('stock.filter.allStatuses')} options={statusOptions} />
        </>
      }
    />
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { PointOfSale } from '#schemas/pos';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { DateRangePicker } from '../../components/date-range/DateRangePicker';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../lib/format';
import { useMerchantClients } from '../../lib/resources/get-merchant-clients';
import { useMerchantPlanograms } from '../../lib/resources/get-merchant-planograms';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportPosCsv } from './api/export-pos-csv';
import { usePendingCounts } from './api/get-pending-counts';
import { usePosPage } from './api/get-pos-page';
import { ConnectionBadge, StatusBadge } from './components/Badges';
import { CountsStrip } from './components/CountsStrip';
import { GroupsFilter } from './components/GroupsFilter';
import { RelativeTime } from './components/RelativeTime';
import { DATE_FILTERS, dateRangeFilters, dateRangeOf, HIDDEN_FILTER, showsHidden } from './device-filters';
import { deviceErrorMessageId } from './messages';
import { CONNECTION_MESSAGES, devicePath, STATUS_MESSAGES } from './pos-labels';
import { useMayCall } from '../../components/use-may-call';
import './devices.css';

const DEFAULT_SORT = { ord: 'name', ordType: 'asc' } as const;

/**
 * /devices/list: the machines of the merchant picked in the app bar (a group admin's groups only), with
 * their counts on top. Machines belong to one merchant, so "all distributors" asks for one to be picked.
 */
export function DeviceListPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="devices.list.title" />} testId="device-list-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="devices.chooseMerchant">
        {(merchantId) => (
          // A table per merchant: its cursors, groups and clients belong to that merchant.
          <DevicesTable key={merchantId} merchantId={merchantId} />
        )}
      </ForOneMerchant>
    </Page>
  );
}

function DevicesTable({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  // A merchant user reads no groups (spec §2): the group column shows what the machine says.
  const readsGroups = useMayCall('groups.list');
  const groups = useGroupsOfMerchants(readsGroups ? [merchantId] : []);
  const clients = useMerchantClients(merchantId);
  const groupList = useMemo(() => groups.data?.[merchantId] ?? [], [groups.data, merchantId]);
  const clientList = useMemo(() => clients.data ?? [], [clients.data]);
  const planograms = useMerchantPlanograms(merchantId);
  const planogramList = useMemo(() => planograms.data ?? [], [planograms.data]);
  // The serials of the page shown, once it is loaded: their pending remote commands are one call.
  const [pageSerials, setPageSerials] = useState('');
  const pendingCounts = usePendingCounts(merchantId, pageSerials).data?.counts;

  const columns = useMemo<Column<PointOfSale>[]>(() => {
    const groupName = (id: string | null) => (id ? (groupList.find((g) => g.id === id)?.name ?? id) : '');
    const clientName = (id: string | null) => (id ? (clientList.find((c) => c.id === id)?.name ?? id) : '');
    const planogramName = (id: string | null) => (id ? (planogramList.find((p) => p.id === id)?.name ?? id) : '');
    const yesNo = (on: boolean) => intl.formatMessage({ id: on ? 'devices.yes' : 'devices.no' });
    return [
      {
        id: 'serial',
        messageId: 'devices.field.serial',
        value: (p) => p.serial,
        render: (p) => (
          <Link to={devicePath(p.serial)} data-testid="device-link">
            {p.serial}
          </Link>
        ),
      },
      { id: 'name', messageId: 'devices.field.name', ord: 'name', value: (p) => p.name },
      { id: 'deviceType', messageId: 'devices.field.deviceType', value: (p) => p.deviceType },
      {
        id: 'connection',
        messageId: 'devices.field.connection',
        value: (p) => intl.formatMessage({ id: CONNECTION_MESSAGES[p.connection] }),
        render: (p) => <ConnectionBadge connection={p.connection} />,
      },
      {
        id: 'status',
        messageId: 'devices.field.status',
        value: (p) => intl.formatMessage({ id: STATUS_MESSAGES[p.status] }),
        render: (p) => <StatusBadge status={p.status} />,
      },
      {
        id: 'lastPing',
        messageId: 'devices.field.lastPing',
        value: (p) => formatDateTime(p.lastPingAt, intl.locale),
        render: (p) => <RelativeTime value={p.lastPingAt} />,
      },
      { id: 'signal', messageId: 'devices.field.signal', value: (p) => (p.signalLevel === null ? '' : formatPercent(p.signalLevel, intl.locale)) },
      { id: 'firmware', messageId: 'devices.field.firmware', value: (p) => p.firmwareVersion },
      { id: 'group', messageId: 'devices.field.group', value: (p) => groupName(p.groupId) },
      { id: 'client', messageId: 'devices.field.client', value: (p) => clientName(p.clientId) },
      { id: 'planogram', messageId: 'devices.field.planogram', value: (p) => planogramName(p.planogramId) },
      { id: 'warrantyEnd', messageId: 'devices.field.warrantyEnd', value: (p) => formatDate(p.warrantyEnd, intl.locale) },
      { id: 'hidden', messageId: 'devices.field.hidden', value: (p) => yesNo(p.hidden) },
      {
        id: 'pendingCommands',
        messageId: 'devices.field.pendingCommands',
        value: (p) => (pendingCounts?.[p.serial] === undefined ? '' : formatNumber(pendingCounts[p.serial]!, intl.locale)),
      },
    ];
  }, [intl, groupList, clientList, planogramList, pendingCounts]);

  const table = useDataTable({ tableId: 'devices', columns, defaultSort: DEFAULT_SORT });
  const page = usePosPage(merchantId, table.query);
  useEffect(() => setPageSerials(page.data?.items.map((p) => p.serial).join(',') ?? ''), [page.data]);
  const { query, setFilter, state } = table;
  const exportFile = useCallback(() => exportPosCsv(merchantId, query), [merchantId, query]);
  const clientOptions = clientList.map((c) => ({ value: c.id, label: c.name }));
  const planogramOptions = planogramList.map((p) => ({ value: p.id, label: p.name }));

  return (
    <>
      <CountsStrip merchantId={merchantId} />
      <DataTable
        table={table}
        result={page}
        rowKey={(p) => p.serial}
        emptyMessageId="devices.list.empty"
        exportFile={exportFile}
        errorMessageId={deviceErrorMessageId}
        filters={
          <>
            <SearchFilter table={table} field="search" messageId="devices.filter.search" />
            {readsGroups && groupList.length > 0 && <GroupsFilter table={table} groups={groupList} />}
            <SelectFilter
              table={table}
              field="clientId"
              messageId="devices.filter.client"
              allLabel={intl.formatMessage({ id: 'devices.filter.allClients' })}
              options={clientOptions}
            />
            <SelectFilter
              table={table}
              field="planogramId"
              messageId="devices.filter.planogram"
              allLabel={intl.formatMessage({ id: 'devices.filter.allPlanograms' })}
              options={planogramOptions}
            />
            {DATE_FILTERS.map(({ prefix, labelId }) => (
              <DateRangePicker
                key={prefix}
                optional
                labelId={labelId}
                testId={`filter-${prefix}`}
                value={dateRangeOf(state.filter, prefix)}
                onChange={(range) => Object.entries(dateRangeFilters(prefix, range)).forEach(([field, value]) => setFilter(field, value))}
              />
            ))}
            <label className="data-table__toggle devices__hidden-toggle">
              <input
                type="checkbox"
                checked={showsHidden(state.filter)}
                onChange={(e) => setFilter(HIDDEN_FILTER, e.target.checked ? 'true' : '')}
                data-filter={HIDDEN_FILTER}
              />
              <FormattedMessage id="devices.filter.showHidden" />
            </label>
          </>
        }
      />
    </>
  );
}

import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { HistoricalConfigSummary } from '#schemas/pos-config';
import { DataTable } from '../../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker';
import { EmptyState, Loaded } from '../../../components/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useHistoricalConfigPage } from '../api/get-historical-config-page';
import { usePosConfigs } from '../api/get-pos-configs';
import { ConfigValuesTable } from '../components/ConfigValuesTable';
import { RelativeTime } from '../components/RelativeTime';
import { SyncBadge } from '../components/SyncBadge';
import { configErrorMessageId } from '../config-messages';
import { devicePath } from '../pos-labels';
import './configs.css';

/** /devices/{serial}/configs: the configuration the machine last reported, its sync state, and the reported ones before it. */
export function ConfigsTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const configs = usePosConfigs(serial);
  return (
    <div className="device-tab" data-testid="device-configs">
      <Loaded result={configs} errorMessageId={configErrorMessageId}>
        {(c) => (
          <section className="config-card">
            <header className="config-card__header">
              <h2>
                <FormattedMessage id="devices.configs.latest" />
              </h2>
              <SyncBadge sync={c.sync} />
              {c.reportedAt && (
                <span>
                  <FormattedMessage id="devices.configs.reportedAt" />: <RelativeTime value={c.reportedAt} testId="config-reported-at" />
                </span>
              )}
              {c.sync?.lastSyncAt && (
                <span className="muted" data-testid="config-last-sync">
                  <FormattedMessage
                    id="devices.configs.lastSync"
                    values={{ date: formatDateTime(c.sync.lastSyncAt, intl.locale), by: c.sync.lastSyncBy ?? '' }}
                  />
                </span>
              )}
              <Link to={devicePath(serial, 'custom-config')} className="button button--secondary" data-testid="config-open-custom">
                <FormattedMessage id="devices.customConfig.open" />
              </Link>
            </header>
            {c.values ? (
              <ConfigValuesTable tableId="device-config-latest" values={c.values} onRefresh={configs.mutate} testId="config-latest" />
            ) : (
              <EmptyState messageId="devices.configs.neverReported" />
            )}
          </section>
        )}
      </Loaded>
      <HistoricalConfigs serial={serial} />
    </div>
  );
}

const HISTORY_SORT = { ord: 'reportedAt', ordType: 'desc' } as const;

/** The reported configurations, newest first, filtered by a date range; each opens at configs/{historicalId}. */
function HistoricalConfigs({ serial }: { serial: string }) {
  const intl = useIntl();
  const columns = useMemo<Column<HistoricalConfigSummary>[]>(
    () => [
      {
        id: 'reportedAt',
        messageId: 'devices.configs.reportedAt',
        ord: 'reportedAt',
        value: (c) => formatDateTime(c.reportedAt, intl.locale),
        render: (c) => (
          <Link to={devicePath(serial, `configs/${encodeURIComponent(c.id)}`)} data-testid="config-historical-link">
            {formatDateTime(c.reportedAt, intl.locale)}
          </Link>
        ),
      },
      { id: 'valueCount', messageId: 'devices.configs.valueCount', value: (c) => formatNumber(c.valueCount, intl.locale) },
    ],
    [intl, serial],
  );
  const table = useDataTable({ tableId: 'device-config-history', columns, defaultSort: HISTORY_SORT });
  const page = useHistoricalConfigPage(serial, table.query);
  const { state, setFilter } = table;
  return (
    <section className="config-card" data-testid="config-history">
      <h2>
        <FormattedMessage id="devices.configs.history" />
      </h2>
      <DataTable
        table={table}
        result={page}
        rowKey={(c) => c.id}
        emptyMessageId="devices.configs.historyEmpty"
        errorMessageId={configErrorMessageId}
        filters={
          <DateRangePicker
            optional
            labelId="devices.configs.historyRange"
            value={{ startDate: state.filter.from ?? '', endDate: state.filter.to ?? '' }}
            onChange={(range) => {
              setFilter('from', range.startDate);
              setFilter('to', range.endDate);
            }}
            testId="config-history-range"
          />
        }
      />
    </section>
  );
}

import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminMediaStats, AdminPosStats, AdminTransactionStats } from '#schemas/admin-stats';
import { SOLD_CATEGORIES } from '#schemas/kpi-constants';
import { StackedBarChart } from '../../components/charts/StackedBarChart';
import { Page } from '../../components/Page';
import { formatDayMonth, useFormat } from '../../lib/format';
import { CATEGORY_COLORS, CATEGORY_MESSAGES } from '../../lib/transaction-labels';
import { useMediaStats, useMerchantStats, usePosStats, useTransactionStats } from './api/get-admin-stats';
import { CountsChart } from './CountsChart';
import { StatsBlock } from './StatsBlock';
import './admin-dashboard.css';

const MEDIA_STATUS_MESSAGES: Record<string, string> = { '0': 'medias.status.ok', '1': 'medias.status.blocked', '2': 'medias.status.lostKey' };
const CONNECTION_MESSAGES: Record<string, string> = {
  online: 'devices.connection.online',
  offline: 'devices.connection.offline',
  unknown: 'devices.connection.unknown',
};
const STATUS_MESSAGES: Record<string, string> = { ok: 'devices.status.ok', warning: 'devices.status.warning', critical: 'devices.status.critical' };

/** /admin-dashboard (super admin): the platform at a glance: merchants, machines, media and transactions, from counters. */
export function AdminDashboardPage() {
  const intl = useIntl();
  const format = useFormat();
  const merchants = useMerchantStats();
  const machines = usePosStats();
  const medias = useMediaStats();
  const transactions = useTransactionStats();
  const feature = useCallback((f: string) => (intl.messages[`features.${f}`] ? intl.formatMessage({ id: `features.${f}` }) : f), [intl]);
  const code = useCallback((c: string) => c, []);

  return (
    <Page title={<FormattedMessage id="adminDashboard.title" />} testId="admin-dashboard">
      <div className="admin-dashboard">
        <StatsBlock
          titleId="adminDashboard.merchants.title"
          testId="admin-dashboard-merchants"
          result={merchants}
          isEmpty={(m) => m.total === 0}
          emptyId="adminDashboard.merchants.empty"
        >
          {(m) => (
            <>
              <p className="admin-dashboard__total" data-testid="admin-dashboard-merchants-total" data-value={m.total}>
                <FormattedMessage id="adminDashboard.merchants.total" values={{ count: m.total }} />
              </p>
              <CountsChart titleId="adminDashboard.merchants.byCountry" counts={m.byCountry} label={format.region} testId="admin-chart-countries" />
              <CountsChart titleId="adminDashboard.merchants.byFeature" counts={m.byFeature} label={feature} testId="admin-chart-features" />
            </>
          )}
        </StatsBlock>
        <StatsBlock
          titleId="adminDashboard.machines.title"
          testId="admin-dashboard-machines"
          result={machines}
          isEmpty={(p) => p.total === 0}
          emptyId="adminDashboard.machines.empty"
        >
          {(p) => <MachineFigures stats={p} code={code} />}
        </StatsBlock>
        <StatsBlock
          titleId="adminDashboard.medias.title"
          testId="admin-dashboard-medias"
          result={medias}
          isEmpty={(m) => m.total === 0}
          emptyId="adminDashboard.medias.empty"
        >
          {(m) => <MediaFigures stats={m} />}
        </StatsBlock>
        <StatsBlock
          titleId="adminDashboard.transactions.title"
          testId="admin-dashboard-transactions"
          result={transactions}
          isEmpty={(t) => t.days.every((d) => SOLD_CATEGORIES.every((c) => d.figures[c].count === 0))}
          emptyId="adminDashboard.transactions.empty"
        >
          {(t) => <TransactionFigures stats={t} />}
        </StatsBlock>
      </div>
    </Page>
  );
}

function MachineFigures({ stats, code }: { stats: AdminPosStats; code: (c: string) => string }) {
  const intl = useIntl();
  const connection = useMemo(() => (['online', 'offline', 'unknown'] as const).map((c) => ({ key: c, count: stats.byConnection[c] })), [stats]);
  const status = useMemo(() => (['ok', 'warning', 'critical'] as const).map((s) => ({ key: s, count: stats.byStatus[s] })), [stats]);
  const connectionLabel = useCallback((c: string) => intl.formatMessage({ id: CONNECTION_MESSAGES[c]! }), [intl]);
  const statusLabel = useCallback((s: string) => intl.formatMessage({ id: STATUS_MESSAGES[s]! }), [intl]);
  return (
    <>
      <p className="admin-dashboard__total" data-testid="admin-dashboard-machines-total" data-value={stats.total}>
        <FormattedMessage id="adminDashboard.machines.total" values={{ count: stats.total, hidden: stats.hidden }} />
      </p>
      <CountsChart titleId="adminDashboard.machines.byDeviceType" counts={stats.byDeviceType} label={code} testId="admin-chart-device-types" />
      <CountsChart titleId="adminDashboard.machines.byConnection" counts={connection} label={connectionLabel} testId="admin-chart-connection" />
      <CountsChart titleId="adminDashboard.machines.byStatus" counts={status} label={statusLabel} testId="admin-chart-status" />
    </>
  );
}

function MediaFigures({ stats }: { stats: AdminMediaStats }) {
  const intl = useIntl();
  const statusLabel = useCallback((s: string) => (MEDIA_STATUS_MESSAGES[s] ? intl.formatMessage({ id: MEDIA_STATUS_MESSAGES[s] }) : s), [intl]);
  const typeLabel = useCallback((t: string) => intl.formatMessage({ id: 'adminDashboard.medias.type' }, { type: t }), [intl]);
  return (
    <>
      <p className="admin-dashboard__total" data-testid="admin-dashboard-medias-total" data-value={stats.total}>
        <FormattedMessage id="adminDashboard.medias.total" values={{ count: stats.total }} />
      </p>
      <CountsChart titleId="adminDashboard.medias.byType" counts={stats.byType} label={typeLabel} testId="admin-chart-media-types" />
      <CountsChart titleId="adminDashboard.medias.byStatus" counts={stats.byStatus} label={statusLabel} testId="admin-chart-media-status" />
    </>
  );
}

/** Transactions per day (DD/MM) stacked by how they were paid, and what was sold per currency. */
function TransactionFigures({ stats }: { stats: AdminTransactionStats }) {
  const intl = useIntl();
  const format = useFormat();
  const title = intl.formatMessage({ id: 'adminDashboard.transactions.perDay' });
  const labels = useMemo(() => stats.days.map((d) => formatDayMonth(`${d.day}T00:00:00Z`)), [stats]);
  const series = useMemo(
    () =>
      SOLD_CATEGORIES.map((c) => ({
        label: intl.formatMessage({ id: CATEGORY_MESSAGES[c] }),
        color: CATEGORY_COLORS[c],
        values: stats.days.map((d) => d.figures[c].count),
      })),
    [stats, intl],
  );
  return (
    <>
      <figure className="admin-dashboard__chart" data-bars={stats.days.length}>
        <figcaption>{title}</figcaption>
        <StackedBarChart labels={labels} series={series} formatValue={format.number} title={title} testId="admin-chart-transactions" />
      </figure>
      <ul className="admin-dashboard__currencies" data-testid="admin-dashboard-currencies">
        {stats.byCurrency.map((c) => (
          <li key={c.currency}>
            <FormattedMessage id="adminDashboard.transactions.sold" values={{ value: format.money(c.sold.value, c.currency), count: c.sold.count }} />
          </li>
        ))}
      </ul>
    </>
  );
}

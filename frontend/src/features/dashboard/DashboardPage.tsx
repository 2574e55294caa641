import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { AUTO_REFRESH_MS } from '../../components/data-table/table-state';
import { HeaderRow } from '../../components/HeaderRow';
import { AlarmCountsStrip } from '../../components/AlarmCountsStrip';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { EmptyState, Loaded } from '../../components/states';
import { useMayCall } from '../../components/use-may-call';
import { useAlarmStats } from '../../lib/resources/get-alarm-stats';
import { useFeature } from '../../lib/resources/use-feature';
import { useMyMerchants } from '../../lib/resources/get-my-merchants';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { useBlockingAlarms, useDashboard, useEmptiestMachines } from './api/get-dashboard';
import { Block } from './blocks/Block';
import { AlarmList, BlockingList, CommandFigures, MachineFigures, StockList } from './blocks/FleetBlocks';
import { SalesCharts } from './blocks/SalesCharts';
import { SalesFigures } from './blocks/SalesBlock';
import { soldCount } from './figures';
import './dashboard.css';

/**
 * The landing screen: what an operator opens the console for (issue 30): the current merchant's sales against the
 * period before, machines, stock, alarms, commands, anomalies and charts, refreshed every 5 minutes (a toggle) and on
 * demand; then who is signed in and which distributors they can work on.
 */
export function DashboardPage() {
  const intl = useIntl();
  const { identity } = useSession();
  const { merchantId } = useCurrentMerchant();
  const mayRead = useMayCall('dashboard.get');

  return (
    <Page title={<FormattedMessage id="dashboard.title" />} testId="dashboard">
      <section className="card dashboard-greeting" aria-labelledby="dashboard-greeting">
        <h2 id="dashboard-greeting" data-testid="dashboard-greeting">
          <FormattedMessage id="dashboard.greeting" values={{ email: identity?.email ?? '' }} />
        </h2>
        <p>
          <FormattedMessage
            id="dashboard.role"
            values={{ role: <strong data-testid="dashboard-role">{identity?.role ? intl.formatMessage({ id: `roles.${identity.role}` }) : ''}</strong> }}
          />
        </p>
      </section>

      {mayRead && merchantId ? (
        <MerchantBlocks key={merchantId} merchantId={merchantId} />
      ) : (
        <section className="card">
          <EmptyState messageId="dashboard.chooseMerchant" testId="dashboard-choose-merchant" />
        </section>
      )}

      <MerchantsCard />
    </Page>
  );
}

function MerchantBlocks({ merchantId }: { merchantId: string }) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const dashboard = useDashboard(merchantId);
  const alarmStats = useAlarmStats(merchantId);
  const blocking = useBlockingAlarms(merchantId);
  const stockFeature = useFeature('PRODUCTS_STOCK');
  const mayReadStock = useMayCall('stock.manage');
  const showStock = stockFeature.enabled && mayReadStock;
  const stock = useEmptiestMachines(showStock ? merchantId : null);
  const refresh = useCallback(() => {
    void dashboard.mutate();
    void alarmStats.mutate();
    void blocking.mutate();
    if (showStock) void stock.mutate();
  }, [dashboard, alarmStats, blocking, stock, showStock]);
  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(refresh, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [autoRefresh, refresh]);

  return (
    <div className="dashboard">
      <div className="dashboard__toolbar">
        <label className="dashboard__toggle">
          <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} data-testid="dashboard-auto-refresh" />
          <FormattedMessage id="table.autoRefresh" />
        </label>
        <button type="button" className="button button--secondary" onClick={refresh} data-testid="dashboard-refresh">
          <FormattedMessage id="dashboard.refresh" />
        </button>
      </div>
      <div className="dashboard__grid">
        <Block
          titleId="dashboard.sales.title"
          to="/transactions/stats"
          testId="dashboard-sales"
          result={dashboard}
          wide
          isEmpty={(d) => soldCount(d.sales.month.current) + soldCount(d.sales.month.previous) + soldCount(d.sales.today.previous) === 0}
          emptyId="dashboard.sales.empty"
        >
          {(d) => <SalesFigures dashboard={d} />}
        </Block>
        <Block
          titleId="dashboard.machines.title"
          to="/devices/list"
          testId="dashboard-machines"
          result={dashboard}
          isEmpty={(d) => d.machines.total === 0}
          emptyId="dashboard.machines.empty"
        >
          {(d) => <MachineFigures machines={d.machines} />}
        </Block>
        <Block
          titleId="dashboard.blocking.title"
          to="/alarms"
          testId="dashboard-blocking"
          result={blocking}
          isEmpty={(p) => p.items.length === 0}
          emptyId="dashboard.blocking.empty"
        >
          {(p) => <BlockingList page={p} />}
        </Block>
        <Block titleId="dashboard.alarms.title" to="/alarms" testId="dashboard-alarms" result={alarmStats}>
          {(s) => <AlarmCountsStrip counts={s.counts} />}
        </Block>
        {showStock && (
          <Block
            titleId="dashboard.stock.title"
            to="/devices/manage-stock"
            testId="dashboard-stock"
            result={stock}
            isEmpty={(p) => p.items.length === 0}
            emptyId="dashboard.stock.empty"
          >
            {(p) => <StockList page={p} />}
          </Block>
        )}
        <Block titleId="dashboard.commands.title" to="/devices/remote-commands" testId="dashboard-commands" result={dashboard}>
          {(d) => <CommandFigures commands={d.commands} />}
        </Block>
        <Block
          titleId="dashboard.anomalies.title"
          to="/alarms"
          testId="dashboard-anomalies"
          result={dashboard}
          isEmpty={(d) => d.anomalies.length === 0}
          emptyId="dashboard.anomalies.empty"
        >
          {(d) => <AlarmList alarms={d.anomalies} testId="dashboard-anomaly-list" />}
        </Block>
        <Block
          titleId="dashboard.chart.title"
          to="/transactions/stats"
          testId="dashboard-charts"
          result={dashboard}
          wide
          isEmpty={(d) => d.chart.month.concat(d.chart.week).every((day) => soldCount(day.figures) === 0)}
          emptyId="dashboard.sales.empty"
        >
          {(d) => <SalesCharts dashboard={d} />}
        </Block>
      </div>
    </div>
  );
}

/** The distributors the user can work on. */
function MerchantsCard() {
  const { currentMerchantId } = useSession();
  const merchants = useMyMerchants();
  return (
    <section className="card" aria-labelledby="dashboard-merchants">
      <h2 id="dashboard-merchants">
        <FormattedMessage id="dashboard.merchants.title" />
      </h2>
      <Loaded
        result={merchants}
        loading={
          <div className="state">
            <Spinner />
          </div>
        }
      >
        {(list) =>
          list.length === 0 ? <EmptyState messageId="dashboard.merchants.empty" /> : <MerchantTable merchants={list} currentMerchantId={currentMerchantId} />
        }
      </Loaded>
    </section>
  );
}

function MerchantTable({ merchants, currentMerchantId }: { merchants: readonly MerchantSummary[]; currentMerchantId: string | null }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table" data-testid="merchant-list">
        <HeaderRow cells={['dashboard.merchants.name', 'dashboard.merchants.currency', 'dashboard.merchants.features']} />
        <tbody>
          {merchants.map((m) => {
            const all = m.id === ALL_DISTRIBUTORS_ID;
            return (
              <tr key={m.id} data-merchant-id={m.id} aria-current={m.id === currentMerchantId ? 'true' : undefined}>
                <td>{all ? <FormattedMessage id="merchant.all" /> : m.name}</td>
                <td>{all ? '—' : m.currency}</td>
                <td>
                  {all ? (
                    '—'
                  ) : m.features.length === 0 ? (
                    <FormattedMessage id="dashboard.merchants.noFeatures" />
                  ) : (
                    intl.formatList(
                      m.features.map((f) => intl.formatMessage({ id: `features.${f}`, defaultMessage: f })),
                      { type: 'conjunction' },
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

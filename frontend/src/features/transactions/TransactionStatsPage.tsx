import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { STAT_CATEGORIES, STATS_PERIODS, type StatCategory } from '#schemas/transaction-constants';
import type { StatsFigures, TransactionStats, TransactionStatsByPos } from '#schemas/transaction';
import { HeaderRow } from '../../components/HeaderRow';
import { StackedBarChart } from '../../components/charts/StackedBarChart';
import { DateRangePicker } from '../../components/date-range/DateRangePicker';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { EmptyState, ErrorState, ForOneMerchant } from '../../components/states';
import { formatCalendarDay, useFormat } from '../../lib/format';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { CATEGORY_COLORS, CATEGORY_MESSAGES } from '../../lib/transaction-labels';
import { useStats, useStatsByPos, type StatsChoice } from './api/get-stats';
import { transactionErrorMessageId } from './messages';
import { choiceFromSearch, periodLabel, searchOfChoice, totalCount, totalValue, VALUE_CATEGORIES } from './stats';
import { useMayCall } from '../../components/use-may-call';
import './transactions.css';

const PERIOD_MESSAGES = { day: 'transactions.stats.period.day', week: 'transactions.stats.period.week', month: 'transactions.stats.period.month' } as const;

/**
 * /transactions/stats (all roles): count and value per category (cash, cashless, media, recharges, bonus, free,
 * error, other) by day, week or month and by machine, from the counters written at ingestion, in charts and tables.
 * The choice (period, range, group) travels in the address.
 */
export function TransactionStatsPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="transactions.stats.title" />} testId="transaction-stats-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="transactions.chooseMerchant">
        {(merchantId) => <MerchantStats key={merchantId} merchantId={merchantId} />}
      </ForOneMerchant>
    </Page>
  );
}

function MerchantStats({ merchantId }: { merchantId: string }) {
  const [search, setSearch] = useSearchParams();
  const choice = choiceFromSearch(search);
  const choose = (change: Partial<StatsChoice>) => setSearch(searchOfChoice({ ...choice, ...change }), { replace: true });
  const stats = useStats(merchantId, choice);
  const byPos = useStatsByPos(merchantId, choice);
  return (
    <div className="transaction-stats">
      <StatsControls merchantId={merchantId} choice={choice} choose={choose} />
      <Section titleId="transactions.stats.byPeriod" testId="stats-by-period" result={stats}>
        {(data) => <ByPeriod stats={data} />}
      </Section>
      <Section titleId="transactions.stats.byMachine" testId="stats-by-machine" result={byPos}>
        {(data) => <ByMachine stats={data} />}
      </Section>
    </div>
  );
}

function StatsControls({ merchantId, choice, choose }: { merchantId: string; choice: StatsChoice; choose: (change: Partial<StatsChoice>) => void }) {
  const intl = useIntl();
  const id = useId();
  // A merchant user reads no groups (spec §2).
  const readsGroups = useMayCall('groups.list');
  const groups = useGroupsOfMerchants(readsGroups ? [merchantId] : []);
  const groupList = groups.data?.[merchantId] ?? [];
  return (
    <section className="card transaction-stats__controls" data-testid="stats-controls">
      <div className="field">
        <label htmlFor={`${id}-period`} className="field__label">
          <FormattedMessage id="transactions.stats.period" />
        </label>
        <select
          id={`${id}-period`}
          value={choice.period}
          onChange={(e) => choose({ period: e.target.value as StatsChoice['period'] })}
          data-testid="stats-period"
        >
          {STATS_PERIODS.map((p) => (
            <option key={p} value={p}>
              {intl.formatMessage({ id: PERIOD_MESSAGES[p] })}
            </option>
          ))}
        </select>
      </div>
      <DateRangePicker
        testId="stats-range"
        value={{ startDate: choice.from, endDate: choice.to }}
        onChange={(r) => choose({ from: r.startDate, to: r.endDate })}
      />
      {readsGroups && groupList.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-group`} className="field__label">
            <FormattedMessage id="transactions.field.group" />
          </label>
          <select id={`${id}-group`} value={choice.groupId} onChange={(e) => choose({ groupId: e.target.value })} data-testid="stats-group">
            <option value="">{intl.formatMessage({ id: 'transactions.filter.allGroups' })}</option>
            {groupList.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}

/** A card with its title, and the statistics once loaded (the previous ones stay while the next load). */
function Section<T extends { totals: StatsFigures }>({
  titleId,
  testId,
  result,
  children,
}: {
  titleId: string;
  testId: string;
  result: { data?: T; error?: unknown; isLoading: boolean; isValidating: boolean; mutate: () => Promise<unknown> };
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  const { data, error, isValidating, mutate } = result;
  let body: ReactNode;
  if (error && !data) body = <ErrorState error={error} messageId={transactionErrorMessageId(error)} onRetry={() => void mutate()} />;
  else if (!data)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (totalCount(data.totals) === 0) body = <EmptyState messageId="transactions.stats.empty" />;
  else body = children(data);
  return (
    <section className="card transaction-stats__section" aria-labelledby={headingId} aria-busy={isValidating} data-testid={testId}>
      <h2 id={headingId}>
        <FormattedMessage id={titleId} />
      </h2>
      {body}
    </section>
  );
}

function ByPeriod({ stats }: { stats: TransactionStats }) {
  const intl = useIntl();
  const format = useFormat();
  const money = (value: number) => format.money(value, stats.currency);
  const labels = useMemo(() => stats.periods.map((p) => periodLabel(p.start, stats.period, intl.locale)), [stats, intl.locale]);
  const series = (categories: readonly StatCategory[], pick: 'count' | 'value') =>
    categories.map((c) => ({
      label: intl.formatMessage({ id: CATEGORY_MESSAGES[c] }),
      color: CATEGORY_COLORS[c],
      values: stats.periods.map((p) => p.figures[c][pick]),
    }));
  return (
    <>
      <Totals totals={stats.totals} money={money} />
      <div className="transaction-stats__charts">
        <figure>
          <figcaption>
            <FormattedMessage id="transactions.stats.valueChart" />
          </figcaption>
          <StackedBarChart
            labels={labels}
            series={series(VALUE_CATEGORIES, 'value')}
            formatValue={money}
            title={intl.formatMessage({ id: 'transactions.stats.valueChart' })}
            testId="stats-value-chart"
          />
        </figure>
        <figure>
          <figcaption>
            <FormattedMessage id="transactions.stats.countChart" />
          </figcaption>
          <StackedBarChart
            labels={labels}
            series={series(STAT_CATEGORIES, 'count')}
            formatValue={format.number}
            title={intl.formatMessage({ id: 'transactions.stats.countChart' })}
            testId="stats-count-chart"
          />
        </figure>
      </div>
      <FiguresTable
        firstHeaderId="transactions.stats.periodColumn"
        rows={stats.periods.map((p) => ({
          key: p.start,
          head: stats.period === 'month' ? periodLabel(p.start, 'month', intl.locale) : formatCalendarDay(p.start, intl.locale),
          figures: p.figures,
        }))}
        money={money}
        testId="stats-period-table"
      />
    </>
  );
}

function ByMachine({ stats }: { stats: TransactionStatsByPos }) {
  const intl = useIntl();
  const format = useFormat();
  const money = (value: number) => format.money(value, stats.currency);
  const machines = stats.machines;
  const labels = useMemo(() => machines.map((m) => m.posName || m.serial), [machines]);
  const series = VALUE_CATEGORIES.map((c) => ({
    label: intl.formatMessage({ id: CATEGORY_MESSAGES[c] }),
    color: CATEGORY_COLORS[c],
    values: machines.map((m) => m.figures[c].value),
  }));
  return (
    <>
      <StackedBarChart
        horizontal
        labels={labels}
        series={series}
        formatValue={money}
        title={intl.formatMessage({ id: 'transactions.stats.machineChart' })}
        testId="stats-machine-chart"
      />
      <FiguresTable
        firstHeaderId="transactions.field.machine"
        rows={machines.map((m) => ({
          key: m.serial,
          head: (
            <Link to={`/devices/${encodeURIComponent(m.serial)}/transactions`} data-testid="stats-machine-link">
              {m.posName || m.serial}
            </Link>
          ),
          figures: m.figures,
        }))}
        money={money}
        testId="stats-machine-table"
      />
    </>
  );
}

/** The range's totals: every category's count and value, and all of them together. */
function Totals({ totals, money }: { totals: StatsFigures; money: (value: number) => string }) {
  return (
    <dl className="transaction-stats__totals" data-testid="stats-totals">
      <div data-category="total">
        <dt>
          <FormattedMessage id="transactions.stats.total" />
        </dt>
        <dd>
          <strong>{money(totalValue(totals))}</strong> <FormattedMessage id="transactions.stats.countOf" values={{ count: totalCount(totals) }} />
        </dd>
      </div>
      {STAT_CATEGORIES.map((c) => (
        <div key={c} data-category={c}>
          <dt>
            <span className="transaction-stats__swatch" style={{ background: CATEGORY_COLORS[c] }} aria-hidden="true" />
            <FormattedMessage id={CATEGORY_MESSAGES[c]} />
          </dt>
          <dd>
            {c !== 'other' && <strong data-value={totals[c].value}>{money(totals[c].value)}</strong>}{' '}
            <span data-count={totals[c].count}>
              <FormattedMessage id="transactions.stats.countOf" values={{ count: totals[c].count }} />
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One row per period or machine: the total, then each category's value and count. */
function FiguresTable({
  firstHeaderId,
  rows,
  money,
  testId,
}: {
  firstHeaderId: string;
  rows: { key: string; head: ReactNode; figures: StatsFigures }[];
  money: (value: number) => string;
  testId: string;
}) {
  const intl = useIntl();
  const format = useFormat();
  return (
    // Focusable: a wide table scrolls inside its card, by keyboard too.
    <div className="table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: firstHeaderId })}>
      <table className="table transaction-stats__table" data-testid={testId}>
        <HeaderRow cells={[firstHeaderId, 'transactions.stats.total', ...STAT_CATEGORIES.map((c) => CATEGORY_MESSAGES[c])]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-row-id={r.key}>
              <th scope="row">{r.head}</th>
              <td data-column="total">
                <Cell value={money(totalValue(r.figures))} count={format.number(totalCount(r.figures))} />
              </td>
              {STAT_CATEGORIES.map((c) => (
                <td key={c} data-column={c} data-count={r.figures[c].count} data-value={r.figures[c].value}>
                  <Cell value={c === 'other' ? null : money(r.figures[c].value)} count={format.number(r.figures[c].count)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ value, count }: { value: string | null; count: string }) {
  return (
    <>
      {value !== null && <span className="transaction-stats__value">{value}</span>}
      <span className="transaction-stats__count">× {count}</span>
    </>
  );
}

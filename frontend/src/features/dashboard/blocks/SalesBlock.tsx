import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard, SalesComparison } from '#schemas/dashboard';
import { useFormat } from '../../../lib/format';
import { CATEGORY_COLORS, CATEGORY_MESSAGES } from '../../../lib/transaction-labels';
import { change, soldCount, soldValue, SPLIT } from '../figures';

const PERIODS = [
  { key: 'today', titleId: 'dashboard.sales.today', beforeId: 'dashboard.sales.todayBefore' },
  { key: 'week', titleId: 'dashboard.sales.week', beforeId: 'dashboard.sales.weekBefore' },
  { key: 'month', titleId: 'dashboard.sales.month', beforeId: 'dashboard.sales.monthBefore' },
] as const;

/** Sales today, this week and this month, each against the same span before, with the cash / cashless / key split. */
export function SalesFigures({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="dashboard-sales">
      {PERIODS.map((p) => (
        <Period
          key={p.key}
          testId={`dashboard-sales-${p.key}`}
          titleId={p.titleId}
          beforeId={p.beforeId}
          period={dashboard.sales[p.key]}
          currency={dashboard.currency}
        />
      ))}
    </div>
  );
}

function Period({
  testId,
  titleId,
  beforeId,
  period,
  currency,
}: {
  testId: string;
  titleId: string;
  beforeId: string;
  period: SalesComparison;
  currency: string;
}) {
  const intl = useIntl();
  const format = useFormat();
  const now = soldValue(period.current);
  const before = soldValue(period.previous);
  const delta = change(now, before);
  const tone = delta === null || delta === 0 ? 'neutral' : delta > 0 ? 'up' : 'down';
  return (
    <div className="dashboard-sales__period" data-testid={testId} data-value={now} data-previous={before}>
      <h3>
        <FormattedMessage id={titleId} />
      </h3>
      <p className="dashboard-sales__value">{format.money(now, currency)}</p>
      <p className="dashboard-sales__count">
        <FormattedMessage id="dashboard.sales.count" values={{ count: soldCount(period.current) }} />
      </p>
      <p className={`dashboard-sales__change dashboard-sales__change--${tone}`} data-testid={`${testId}-change`}>
        {delta === null ? (
          <FormattedMessage id="dashboard.sales.nothingBefore" />
        ) : (
          intl.formatNumber(delta, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 })
        )}{' '}
        <span className="dashboard-sales__before">
          (<FormattedMessage id={beforeId} values={{ value: format.money(before, currency) }} />)
        </span>
      </p>
      <dl className="dashboard-sales__split">
        {SPLIT.map((c) => (
          <div key={c} data-category={c}>
            <dt>
              <span className="dashboard-swatch" style={{ background: CATEGORY_COLORS[c] }} aria-hidden="true" />
              <FormattedMessage id={CATEGORY_MESSAGES[c]} />
            </dt>
            <dd>{format.money(period.current[c].value, currency)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

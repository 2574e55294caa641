import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard, DayFigures } from '#schemas/dashboard';
import { StackedBarChart } from '../../../components/charts/StackedBarChart';
import { formatDayMonth, useFormat } from '../../../lib/format';
import { CATEGORY_COLORS, CATEGORY_MESSAGES } from '../../../lib/transaction-labels';
import { SPLIT } from '../figures';

/** Sales per category of the last 7 days and of the month so far, days as DD/MM (spec §9). */
export function SalesCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="dashboard-charts">
      <DaysChart titleId="dashboard.chart.week" days={dashboard.chart.week} currency={dashboard.currency} testId="dashboard-chart-week" />
      <DaysChart titleId="dashboard.chart.month" days={dashboard.chart.month} currency={dashboard.currency} testId="dashboard-chart-month" />
    </div>
  );
}

function DaysChart({ titleId, days, currency, testId }: { titleId: string; days: readonly DayFigures[]; currency: string; testId: string }) {
  const intl = useIntl();
  const format = useFormat();
  const labels = useMemo(() => days.map((d) => formatDayMonth(`${d.day}T00:00:00Z`)), [days]);
  const series = useMemo(
    () =>
      SPLIT.map((c) => ({ label: intl.formatMessage({ id: CATEGORY_MESSAGES[c] }), color: CATEGORY_COLORS[c], values: days.map((d) => d.figures[c].value) })),
    [days, intl],
  );
  return (
    <figure>
      <figcaption>
        <FormattedMessage id={titleId} />
      </figcaption>
      <StackedBarChart
        labels={labels}
        series={series}
        formatValue={(v) => format.money(v, currency)}
        title={intl.formatMessage({ id: titleId })}
        testId={testId}
      />
    </figure>
  );
}

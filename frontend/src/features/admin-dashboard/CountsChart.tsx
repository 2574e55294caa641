import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { CountsBy } from '#schemas/admin-stats';
import { StackedBarChart } from '../../components/charts/StackedBarChart';
import { useFormat } from '../../lib/format';

const COLOR = '#1f6fb2';

/** Counts by key as one bar each (horizontal: the keys are names), with a caption; `label` names a key in the user's language. */
export function CountsChart({ titleId, counts, label, testId }: { titleId: string; counts: CountsBy; label: (key: string) => string; testId: string }) {
  const intl = useIntl();
  const format = useFormat();
  const title = intl.formatMessage({ id: titleId });
  const labels = useMemo(() => counts.map((c) => label(c.key)), [counts, label]);
  const series = useMemo(
    () => [{ label: intl.formatMessage({ id: 'adminDashboard.count' }), color: COLOR, values: counts.map((c) => c.count) }],
    [counts, intl],
  );
  return (
    <figure className="admin-dashboard__chart" data-bars={counts.length}>
      <figcaption>{title}</figcaption>
      <StackedBarChart labels={labels} series={series} formatValue={format.number} title={title} horizontal testId={testId} />
    </figure>
  );
}

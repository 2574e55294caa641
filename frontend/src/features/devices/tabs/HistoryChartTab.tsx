import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { chartWeek, shiftWeek, todayIso, weekPoints } from '../../../components/charts/chart-week';
import { WeekLineChart } from '../../../components/charts/WeekLineChart';
import { Spinner } from '../../../components/Spinner';
import { useFormat } from '../../../lib/format';
import { EmptyState, ErrorState } from '../../../components/states';
import { useHistory, type HistoryKind } from '../api/get-history';
import { SensorsStrip } from '../components/SensorsStrip';
import { deviceErrorMessageId } from '../messages';

const SETTINGS: Record<HistoryKind, { titleId: string; unitId: string; formatter: 'percent' | 'celsius'; color: string; min?: number; max?: number }> = {
  signal: { titleId: 'charts.signal.title', unitId: 'charts.signal.unit', formatter: 'percent', color: '#1565c0', min: 0, max: 100 },
  temperature: { titleId: 'charts.temperature.title', unitId: 'charts.temperature.unit', formatter: 'celsius', color: '#c62828' },
};

/** /devices/{serial}/signal */
export function SignalTab() {
  return <HistoryChartTab kind="signal" />;
}

/** /devices/{serial}/temperature */
export function TemperatureTab() {
  return <HistoryChartTab kind="temperature" />;
}

/** A week of the machine's signal level or temperature (spec §9: 7 days labelled DD/MM), week by week. */
function HistoryChartTab({ kind }: { kind: HistoryKind }) {
  const intl = useIntl();
  const format = useFormat();
  const serial = useParams().id ?? '';
  const today = todayIso();
  const [lastDay, setLastDay] = useState(today);
  const week = useMemo(() => chartWeek(lastDay), [lastDay]);
  const from = new Date(week.from).toISOString();
  const to = new Date(week.to).toISOString();
  const history = useHistory(serial, kind, from, to);
  const points = useMemo(() => weekPoints(history.data ?? [], week), [history.data, week]);
  const settings = SETTINGS[kind];
  const title = intl.formatMessage({ id: settings.titleId });

  let body;
  if (history.error && !history.data)
    body = <ErrorState error={history.error} messageId={deviceErrorMessageId(history.error)} onRetry={() => void history.mutate()} />;
  else if (!history.data)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (points.length === 0) body = <EmptyState messageId="charts.empty" />;
  else
    body = (
      <WeekLineChart
        week={week}
        points={points}
        label={title}
        unitLabel={intl.formatMessage({ id: settings.unitId })}
        formatValue={format[settings.formatter]}
        color={settings.color}
        min={settings.min}
        max={settings.max}
        testId={`chart-${kind}`}
      />
    );

  return (
    <section className="card device-chart" data-testid={`device-${kind}`} data-week-from={week.days[0]!.date} data-week-to={lastDay}>
      <header className="device-chart__header">
        <h2>{title}</h2>
        <div className="device-chart__week">
          <button type="button" className="button button--secondary" onClick={() => setLastDay((d) => shiftWeek(d, -1))} data-testid="chart-previous-week">
            <FormattedMessage id="charts.previousWeek" />
          </button>
          <span data-testid="chart-week-label">
            <FormattedMessage id="charts.week" values={{ from: week.days[0]!.label, to: week.days[6]!.label }} />
          </span>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setLastDay((d) => shiftWeek(d, 1))}
            disabled={lastDay >= today}
            data-testid="chart-next-week"
          >
            <FormattedMessage id="charts.nextWeek" />
          </button>
        </div>
      </header>
      <SensorsStrip serial={serial} />
      {body}
    </section>
  );
}

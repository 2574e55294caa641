import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { SensorDirtiness } from '#schemas/sensors';
import { EmptyState, Loaded } from '../../components/states';
import { useFormat } from '../../lib/format';
import { usePosDirtiness } from './api/get-dirtiness';
import { useSensorChart } from './api/get-sensor-chart';
import { DirtinessBadge } from './components/DirtinessBadge';
import { SensorChart } from './components/SensorChart';
import './cash-data.css';

const WEEK_MS = 7 * 86_400_000;

/** /devices/{serial}/pos-sensordirtyness (super admin): each sensor's state and latest reading, and its last week with the thresholds drawn. */
export function SensorDirtinessTab() {
  const serial = useParams().id ?? '';
  const dirtiness = usePosDirtiness(serial);
  // The last week, to the minute (a new reading shows on the next visit or refresh).
  const [from, to] = useMemo(() => {
    const end = Math.ceil(Date.now() / 60_000) * 60_000;
    return [new Date(end - WEEK_MS).toISOString(), new Date(end).toISOString()];
  }, []);
  const chart = useSensorChart(serial, from, to);

  return (
    <section className="card" data-testid="device-dirtiness">
      <Loaded result={dirtiness}>
        {(d) => (
          <>
            <header className="device-chart__header">
              <h2>
                <FormattedMessage id="cashData.dirtiness.title" />
              </h2>
              <DirtinessBadge state={d.state} testId="machine-dirtiness" />
            </header>
            {d.sensors.length === 0 ? (
              <EmptyState messageId="cashData.dirtiness.empty" />
            ) : (
              d.sensors.map((s) => <SensorCard key={s.name} sensor={s} points={chart.data?.points ?? []} from={Date.parse(from)} to={Date.parse(to)} />)
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

function SensorCard({
  sensor,
  points,
  from,
  to,
}: {
  sensor: SensorDirtiness;
  points: ReadonlyArray<{ at: string; values: Record<string, number> }>;
  from: number;
  to: number;
}) {
  const intl = useIntl();
  const format = useFormat();
  const label = intl.formatMessage({ id: `cashData.sensor.${sensor.name}` });
  const series = useMemo(
    () => [{ label, points: points.filter((p) => p.values[sensor.name] !== undefined).map((p) => ({ x: Date.parse(p.at), y: p.values[sensor.name]! })) }],
    [points, sensor.name, label],
  );
  return (
    <article className="card" data-testid={`sensor-${sensor.name}`}>
      <header className="device-chart__header">
        <h3>
          {label} · <FormattedMessage id={`cashData.submodule.${sensor.submodule}`} />
        </h3>
        <DirtinessBadge state={sensor.state} testId={`sensor-state-${sensor.name}`} />
      </header>
      <p>
        {sensor.value === null ? (
          <FormattedMessage id="cashData.dirtiness.noReading" />
        ) : (
          <FormattedMessage id="cashData.dirtiness.latest" values={{ value: format.number(sensor.value), at: format.dateTime(sensor.at) }} />
        )}{' '}
        {sensor.threshold ? (
          <FormattedMessage
            id={sensor.threshold.valuesIncrease ? 'cashData.dirtiness.thresholdIncrease' : 'cashData.dirtiness.thresholdDecrease'}
            values={{ warning: format.number(sensor.threshold.warning), critical: format.number(sensor.threshold.critical) }}
          />
        ) : (
          <FormattedMessage id="cashData.dirtiness.noThreshold" />
        )}
      </p>
      {series[0]!.points.length > 0 && (
        <SensorChart
          series={series}
          from={from}
          to={to}
          testId={`sensor-chart-${sensor.name}`}
          thresholds={
            sensor.threshold
              ? {
                  warning: sensor.threshold.warning,
                  critical: sensor.threshold.critical,
                  warningLabel: intl.formatMessage({ id: 'cashData.thresholds.warning' }),
                  criticalLabel: intl.formatMessage({ id: 'cashData.thresholds.critical' }),
                }
              : undefined
          }
        />
      )}
    </article>
  );
}

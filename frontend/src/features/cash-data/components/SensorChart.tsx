import { Chart, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { TIME_SERIES_OPTIONS } from '../../../components/charts/chart-week';
import { useFormat } from '../../../lib/format';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip);

const COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f'];

export interface SensorSeries {
  /** Already translated. */
  label: string;
  points: ReadonlyArray<{ x: number; y: number }>;
}

/** Sensor readings over a time range, one line per sensor; a threshold's warning and critical drawn as dashed lines. */
export function SensorChart({
  series,
  from,
  to,
  thresholds,
  testId,
}: {
  series: readonly SensorSeries[];
  from: number;
  to: number;
  thresholds?: { warning: number; critical: number; warningLabel: string; criticalLabel: string };
  testId: string;
}) {
  const format = useFormat();
  const data = useMemo(() => {
    const line = (label: string, y: number, color: string) => ({
      label,
      data: [
        { x: from, y },
        { x: to, y },
      ],
      borderColor: color,
      borderDash: [6, 4],
      pointRadius: 0,
    });
    return {
      datasets: [
        ...series.map((s, i) => ({
          label: s.label,
          data: s.points.map((p) => ({ x: p.x, y: p.y })),
          borderColor: COLORS[i % COLORS.length],
          pointRadius: s.points.length > 200 ? 0 : 2,
          tension: 0.2,
        })),
        ...(thresholds ? [line(thresholds.warningLabel, thresholds.warning, '#f9a825'), line(thresholds.criticalLabel, thresholds.critical, '#c62828')] : []),
      ],
    };
  }, [series, thresholds, from, to]);
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      ...TIME_SERIES_OPTIONS,
      locale: format.locale,
      scales: { x: { type: 'linear', min: from, max: to, ticks: { callback: (v) => format.date(new Date(Number(v))), maxTicksLimit: 7 } } },
      plugins: {
        legend: { display: true },
        tooltip: { callbacks: { title: (items) => (items[0] ? format.dateTime(new Date(items[0].parsed.x ?? 0)) : '') } },
      },
    }),
    [from, to, format],
  );
  return (
    <div className="week-chart" data-testid={testId} data-points={series.reduce((n, s) => n + s.points.length, 0)}>
      <Line data={data} options={options} role="img" aria-label={series.map((s) => s.label).join(', ')} />
    </div>
  );
}

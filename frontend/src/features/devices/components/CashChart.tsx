import { Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useIntl } from 'react-intl';
import { TIME_SERIES_OPTIONS } from '../../../components/charts/chart-week';
import type { CashPoint } from '#schemas/pos-history';
import { useFormat } from '../../../lib/format';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

const SERIES = [
  { key: 'cashBox', messageId: 'devices.cash.cashBox', color: '#2e7d32' },
  { key: 'tubeContents', messageId: 'devices.cash.tubeContents', color: '#1565c0' },
] as const;

/** The cash box and the tube contents at each audit, on a time axis from `from` to `to` (epoch ms). */
export function CashChart({ points, money, from, to }: { points: readonly CashPoint[]; money: (minor: number) => string; from: number; to: number }) {
  const intl = useIntl();
  const format = useFormat();
  const data = useMemo(
    () => ({
      datasets: SERIES.map((s) => ({
        label: intl.formatMessage({ id: s.messageId }),
        data: points.flatMap((p) => (p[s.key] === null ? [] : [{ x: Date.parse(p.readAt), y: p[s.key]! }])),
        borderColor: s.color,
        backgroundColor: s.color,
        pointRadius: points.length > 200 ? 0 : 3,
        tension: 0.1,
      })),
    }),
    [points, intl],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      ...TIME_SERIES_OPTIONS,
      locale: format.locale,
      scales: {
        x: { type: 'linear', min: from, max: to, ticks: { callback: (value) => format.date(new Date(Number(value))), maxRotation: 0 } },
        y: { beginAtZero: true, ticks: { callback: (value) => money(Number(value)) } },
      },
      plugins: {
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? format.dateTime(new Date(items[0].parsed.x ?? 0)) : ''),
            label: (item) => `${item.dataset.label}: ${money(item.parsed.y ?? 0)}`,
          },
        },
      },
    }),
    [format, money, from, to],
  );
  return (
    <div className="week-chart" data-testid="cash-chart" data-points={points.length}>
      <Line data={data} options={options} aria-label={intl.formatMessage({ id: 'devices.cash.chartTitle' })} role="img" />
    </div>
  );
}

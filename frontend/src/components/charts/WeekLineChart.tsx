import { CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useFormat } from '../../lib/format';
import { dayLabel, TIME_SERIES_OPTIONS, type ChartPoint, type ChartWeek } from './chart-week';

// Only what a line chart needs, so the chart chunk stays small (chart.js loads with the chart screens only).
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

interface WeekLineChartProps {
  week: ChartWeek;
  points: readonly ChartPoint[];
  /** The series name (legend of the tooltip), already translated. */
  label: string;
  /** The value axis title (unit), already translated. */
  unitLabel: string;
  /** A reading as the tooltip shows it, with its unit in the user's language (e.g. `format.celsius`). */
  formatValue: (value: number) => string;
  color: string;
  min?: number;
  max?: number;
  testId: string;
}

/** A week of readings on a time axis with one tick per day labelled DD/MM (spec §9). */
export function WeekLineChart({ week, points, label, unitLabel, formatValue, color, min, max, testId }: WeekLineChartProps) {
  const format = useFormat();
  const data = useMemo(
    () => ({
      datasets: [
        {
          label,
          data: points.map((p) => ({ x: p.x, y: p.y })),
          borderColor: color,
          backgroundColor: `${color}22`,
          fill: true,
          pointRadius: points.length > 200 ? 0 : 2,
          tension: 0.2,
        },
      ],
    }),
    [points, label, color],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      ...TIME_SERIES_OPTIONS,
      // The value axis's numbers in the user's language (chart.js formats them in en-US otherwise).
      locale: format.locale,
      scales: {
        x: {
          type: 'linear',
          min: week.from,
          max: week.to,
          // One tick at the start of each of the 7 days.
          afterBuildTicks: (axis) => {
            axis.ticks = week.days.map((d) => ({ value: d.start }));
          },
          ticks: { callback: (value) => dayLabel(week, Number(value)), autoSkip: false, maxRotation: 0 },
        },
        y: { min, max, title: { display: true, text: unitLabel } },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? format.dateTime(new Date(items[0].parsed.x ?? 0)) : ''),
            label: (item) => `${label}: ${formatValue(item.parsed.y ?? 0)}`,
          },
        },
      },
    }),
    [week, min, max, unitLabel, label, formatValue, format],
  );
  return (
    <div className="week-chart" data-testid={testId} data-points={points.length}>
      <Line data={data} options={options} aria-label={label} role="img" />
    </div>
  );
}

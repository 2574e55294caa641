import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useFormat } from '../../lib/format';
import './charts.css';

// Only what a bar chart needs (chart.js loads with the chart screens only).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  /** Already translated: the legend and the tooltip name it. */
  label: string;
  color: string;
  /** One value per bar label, in the labels' order. */
  values: readonly number[];
}

interface StackedBarChartProps {
  /** The bars (periods, machines), already formatted. */
  labels: readonly string[];
  series: readonly BarSeries[];
  /** A value as the axis and tooltip show it (a count, money). */
  formatValue: (value: number) => string;
  /** What the chart shows, for screen readers (the table beside it has the figures). */
  title: string;
  /** Bars along the vertical axis (one per machine: long names read better). */
  horizontal?: boolean;
  testId: string;
}

/** Bars whose series stack (e.g. transaction categories per period), with a legend. */
export function StackedBarChart({ labels, series, formatValue, title, horizontal = false, testId }: StackedBarChartProps) {
  const format = useFormat();
  const data = useMemo(
    () => ({
      labels: [...labels],
      datasets: series.map((s) => ({ label: s.label, data: [...s.values], backgroundColor: s.color, borderColor: s.color, stack: 'all' })),
    }),
    [labels, series],
  );
  const options = useMemo<ChartOptions<'bar'>>(() => {
    const valueAxis = { stacked: true, beginAtZero: true, ticks: { callback: (value: string | number) => formatValue(Number(value)) } };
    const labelAxis = { stacked: true, ticks: { autoSkip: true, maxRotation: 0 } };
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: horizontal ? 'y' : 'x',
      // The axis's numbers in the user's language (chart.js formats them in en-US otherwise).
      locale: format.locale,
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { position: 'bottom' },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatValue(horizontal ? (item.parsed.x ?? 0) : (item.parsed.y ?? 0))}` } },
      },
    };
  }, [format, formatValue, horizontal]);
  // A horizontal chart grows with its bars so that each keeps a readable height.
  const height = horizontal ? Math.max(240, labels.length * 28 + 80) : undefined;
  return (
    <div className="bar-chart" style={height ? { height } : undefined} data-testid={testId} data-bars={labels.length}>
      <Bar data={data} options={options} aria-label={title} role="img" />
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { KPI_INTERVAL_DAYS } from '#schemas/kpi-constants';
import { isKpiInterval } from '../use-kpi-interval';

const PRESETS = [7, 30, 90, 365] as const;

/** The interval in days: presets and a number of days between the spec's bounds (2–365); a value outside them is not taken. */
export function IntervalPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(days));
  useEffect(() => setText(String(days)), [days]);
  const invalid = !isKpiInterval(Number(text));
  return (
    <div className="kpis-interval" data-testid="kpis-interval">
      <div className="kpis-interval__presets" role="group" aria-labelledby={`${id}-label`}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === days ? 'button button--primary' : 'button button--secondary'}
            aria-pressed={p === days}
            onClick={() => onChange(p)}
            data-testid={`kpis-preset-${p}`}
          >
            <FormattedMessage id="kpis.interval.preset" values={{ days: p }} />
          </button>
        ))}
      </div>
      <label htmlFor={id} id={`${id}-label`}>
        <FormattedMessage id="kpis.interval.label" />
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={KPI_INTERVAL_DAYS.min}
        max={KPI_INTERVAL_DAYS.max}
        value={text}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        data-testid="kpis-days"
        onChange={(e) => {
          setText(e.target.value);
          if (isKpiInterval(Number(e.target.value))) onChange(Number(e.target.value));
        }}
      />
      <small id={`${id}-hint`} className={invalid ? 'kpis-interval__hint kpis-interval__hint--invalid' : 'kpis-interval__hint'}>
        <FormattedMessage id="kpis.interval.hint" values={{ min: KPI_INTERVAL_DAYS.min, max: KPI_INTERVAL_DAYS.max }} />
      </small>
    </div>
  );
}

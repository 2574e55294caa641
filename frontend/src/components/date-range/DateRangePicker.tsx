import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldError } from '../../lib/form-errors';
import { DATE_PRESETS, presetOf, presetRange, type DatePreset, type DateRange } from './presets';
import './date-range.css';

const CUSTOM = 'custom';
const ANY = 'any';
const NO_RANGE: DateRange = { startDate: '', endDate: '' };

/**
 * Seven presets plus a custom from/to; a custom range applies once both dates are set and in order.
 * `optional` (list filters) adds "any date" first: the empty range, i.e. no filter.
 * In a form, `formError` is the form's own check of the range (null when it is fine): every edit is then
 * reported, incomplete or inverted too, so what is submitted is what is shown, and that message is the one told.
 */
export function DateRangePicker({
  value,
  onChange,
  labelId = 'dateRange.label',
  optional = false,
  testId = 'date-range',
  formError,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  labelId?: string;
  optional?: boolean;
  testId?: string;
  formError?: FieldError | null;
}) {
  const intl = useIntl();
  const id = useId();
  const empty = value.startDate === '' && value.endDate === '';
  const [choice, setChoice] = useState<DatePreset | typeof CUSTOM | typeof ANY>(() => (optional && empty ? ANY : (presetOf(value) ?? CUSTOM)));
  const [draft, setDraft] = useState(value);
  const inForm = formError !== undefined;
  const inverted = draft.startDate !== '' && draft.endDate !== '' && draft.startDate > draft.endDate;
  const problem: FieldError | null = inForm ? formError : inverted ? { messageId: 'dateRange.inverted' } : null;

  function pick(next: string) {
    if (next === CUSTOM) {
      setChoice(CUSTOM);
      return;
    }
    if (next === ANY) {
      setChoice(ANY);
      setDraft(NO_RANGE);
      onChange(NO_RANGE);
      return;
    }
    const preset = next as DatePreset;
    const range = presetRange(preset);
    setChoice(preset);
    setDraft(range);
    onChange(range);
  }

  function edit(part: keyof DateRange, date: string) {
    const next = { ...draft, [part]: date };
    setDraft(next);
    if (inForm || (next.startDate !== '' && next.endDate !== '' && next.startDate <= next.endDate)) onChange(next);
  }

  return (
    <fieldset className="date-range" data-testid={testId}>
      <legend className="field__label" id={`${id}-label`}>
        <FormattedMessage id={labelId} />
      </legend>
      {/* Named by the legend: the filters of one list differ only by it (e.g. last update, registration). */}
      <select value={choice} onChange={(e) => pick(e.target.value)} aria-labelledby={`${id}-label`} data-testid="date-range-preset">
        {optional && <option value={ANY}>{intl.formatMessage({ id: 'dateRange.any' })}</option>}
        {DATE_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {intl.formatMessage({ id: `dateRange.${preset}` })}
          </option>
        ))}
        <option value={CUSTOM}>{intl.formatMessage({ id: 'dateRange.custom' })}</option>
      </select>
      {choice === CUSTOM && (
        <>
          <label htmlFor={`${id}-from`} id={`${id}-from-label`}>
            <FormattedMessage id="dateRange.from" />
          </label>
          <input
            id={`${id}-from`}
            aria-labelledby={`${id}-label ${id}-from-label`}
            type="date"
            value={draft.startDate}
            max={draft.endDate || undefined}
            onChange={(e) => edit('startDate', e.target.value)}
          />
          <label htmlFor={`${id}-to`} id={`${id}-to-label`}>
            <FormattedMessage id="dateRange.to" />
          </label>
          <input
            id={`${id}-to`}
            aria-labelledby={`${id}-label ${id}-to-label`}
            type="date"
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => edit('endDate', e.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem && (
            <span id={`${id}-problem`} className="field__error" role="alert" data-testid={`${testId}-error`}>
              <FormattedMessage id={problem.messageId} values={problem.values} />
            </span>
          )}
        </>
      )}
    </fieldset>
  );
}

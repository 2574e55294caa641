import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATA_TYPES, HistoricalDataCreate, MAX_RANGE_DAYS } from '#schemas/historical-data';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker';
import { presetRange, type DateRange } from '../../../components/date-range/presets';
import { SelectField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { formatCalendarDay } from '../../../lib/format';
import { DATA_TYPE_MESSAGES, REQUEST_FORM_MESSAGES } from '../messages';
import { checkRequestRange, daysIncluded } from '../range-check';

/** A new request starts on the last complete month, the most asked-for period. */
const newRequest = () => ({ dataType: '', ...presetRange('previousMonth') });

/**
 * The data type and the days (the date range picker's presets or a custom range, in the merchant's calendar).
 * The range is checked as the API checks it while it is edited; the API's answer is told as well.
 */
export function RequestForm({ send }: { send: (input: HistoricalDataCreate) => Promise<unknown> }) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(HistoricalDataCreate, 'dataRequests.created', REQUEST_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(newRequest, errors);
  const [submitted, setSubmitted] = useState(false);
  const range: DateRange = { startDate: draft.startDate, endDate: draft.endDate };
  const rangeProblem = checkRequestRange(range);
  // An unfinished custom range is told once the user tries to send it; an inverted or too long one at once.
  const complete = range.startDate !== '' && range.endDate !== '';
  const rangeError = (submitted || complete ? rangeProblem : null) ?? errors.startDate ?? errors.endDate ?? null;
  const typeOptions = DATA_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: DATA_TYPE_MESSAGES[t] }) }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (rangeProblem) return;
    void submit({ ...draft }, send);
  }

  return (
    <form className="card form data-requests__form" onSubmit={onSubmit} noValidate data-testid="data-request-form">
      <SelectField
        {...field('dataType')}
        labelId="dataRequests.field.dataType"
        options={typeOptions}
        placeholder={intl.formatMessage({ id: 'dataRequests.chooseDataType' })}
      />
      <DateRangePicker
        value={range}
        onChange={(next) => setDraft((d) => ({ ...d, ...next }))}
        labelId="dataRequests.field.range"
        formError={rangeError}
        testId="data-request-range"
      />
      <p className="form__hint" data-testid="data-request-days">
        {rangeProblem === null && (
          <FormattedMessage
            id="dataRequests.create.days"
            values={{ start: formatCalendarDay(range.startDate, intl.locale), end: formatCalendarDay(range.endDate, intl.locale), days: daysIncluded(range) }}
          />
        )}{' '}
        <FormattedMessage id="dataRequests.create.hint" values={{ max: MAX_RANGE_DAYS }} />
      </p>
      <div className="form__actions">
        <SubmitButton labelId="dataRequests.create.submit" busy={saving} testId="data-request-submit" />
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_NO_VEND_PERIODS, NoVendProfileInput, WEEKDAYS, type NoVendPeriod } from '#schemas/no-vend-profile';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { PROFILE_FORM_MESSAGES } from '../messages';

export interface ProfileDraft {
  name: string;
  description: string;
  periods: NoVendPeriod[];
}

export const NEW_PROFILE: ProfileDraft = { name: '', description: '', periods: [] };
const NEW_PERIOD: NoVendPeriod = { weekdays: [1, 2, 3, 4, 5], from: '22:00', to: '23:59' };
/** 1 January 2024 was a Monday: weekday names come from the browser's locale data. */
const weekdayName = (day: number, locale: string) => new Date(2024, 0, day).toLocaleDateString(locale, { weekday: 'short' });

interface Props {
  initial: ProfileDraft;
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: NoVendProfileInput) => Promise<unknown>;
}

/** A no-vend profile: name, description and the weekly periods (at most 14) in which the machine must not sell. */
export function NoVendProfileForm({ initial, canEdit, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(NoVendProfileInput, successMessageId, PROFILE_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const setPeriod = (i: number, patch: Partial<NoVendPeriod>) =>
    setDraft((d) => ({ ...d, periods: d.periods.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));
  const toggleDay = (i: number, day: number, on: boolean) => {
    const days = draft.periods[i]!.weekdays.filter((d) => d !== day);
    setPeriod(i, { weekdays: on ? [...days, day].sort((a, b) => a - b) : days });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canEdit) void submit({ ...draft }, send);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="no-vend-profile-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="noVendProfiles.field.name" readOnly={!canEdit} required />
        <TextField {...field('description')} labelId="noVendProfiles.field.description" readOnly={!canEdit} multiline />
      </div>
      <fieldset className="no-vend-periods" data-testid="no-vend-periods">
        <legend>
          <FormattedMessage id="noVendProfiles.field.periods" />
        </legend>
        {draft.periods.length === 0 && (
          <p className="muted">
            <FormattedMessage id="noVendProfiles.periods.none" />
          </p>
        )}
        {draft.periods.map((period, i) => (
          <div className="no-vend-period" key={i} data-testid="no-vend-period">
            {WEEKDAYS.map((day) => (
              <label key={day} className="checkbox-field">
                <input
                  type="checkbox"
                  checked={period.weekdays.includes(day)}
                  disabled={!canEdit}
                  onChange={(e) => toggleDay(i, day, e.target.checked)}
                  data-testid={`period-${i}-day-${day}`}
                />
                {weekdayName(day, intl.locale)}
              </label>
            ))}
            <label>
              <FormattedMessage id="noVendProfiles.periods.from" />{' '}
              <input
                type="time"
                value={period.from}
                readOnly={!canEdit}
                onChange={(e) => setPeriod(i, { from: e.target.value })}
                data-testid={`period-${i}-from`}
              />
            </label>
            <label>
              <FormattedMessage id="noVendProfiles.periods.to" />{' '}
              <input type="time" value={period.to} readOnly={!canEdit} onChange={(e) => setPeriod(i, { to: e.target.value })} data-testid={`period-${i}-to`} />
            </label>
            {canEdit && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDraft((d) => ({ ...d, periods: d.periods.filter((_, j) => j !== i) }))}
                data-testid={`period-${i}-remove`}
              >
                <FormattedMessage id="noVendProfiles.periods.remove" />
              </button>
            )}
          </div>
        ))}
        {errors.periods && (
          <p className="form__error" role="alert" data-testid="error-periods">
            <FormattedMessage id={errors.periods.messageId} />
          </p>
        )}
        {canEdit && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDraft((d) => ({ ...d, periods: [...d.periods, NEW_PERIOD] }))}
            disabled={draft.periods.length >= MAX_NO_VEND_PERIODS}
            data-testid="period-add"
          >
            <FormattedMessage id="noVendProfiles.periods.add" values={{ max: MAX_NO_VEND_PERIODS }} />
          </button>
        )}
      </fieldset>
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="no-vend-profile-submit" />
        </div>
      )}
    </form>
  );
}

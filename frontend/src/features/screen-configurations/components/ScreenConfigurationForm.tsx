import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_SCREEN_SLIDES, SCREEN_ORIENTATIONS, SCREEN_THEMES, ScreenConfigurationInput, type ScreenSlide } from '#schemas/screen-configuration';
import { NumberField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { SCREEN_FORM_MESSAGES } from '../messages';

export type ScreenDraft = Omit<ScreenConfigurationInput, 'orientation' | 'theme'> & { orientation: string; theme: string };
export const NEW_SCREEN: ScreenDraft = { name: '', orientation: 'landscape', theme: 'light', idleSeconds: 60, welcomeText: '', slides: [] };
const NEW_SLIDE: ScreenSlide = { title: '', durationSeconds: 10 };

interface Props {
  initial: ScreenDraft;
  submitLabelId: string;
  successMessageId: string;
  send: (input: ScreenConfigurationInput) => Promise<unknown>;
}

/** A screen configuration: name, orientation, theme, idle time, welcome text and its slides (at most 20). */
export function ScreenConfigurationForm({ initial, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(ScreenConfigurationInput, successMessageId, SCREEN_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const setSlide = (i: number, patch: Partial<ScreenSlide>) => setDraft((d) => ({ ...d, slides: d.slides.map((s, j) => (j === i ? { ...s, ...patch } : s)) }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ ...draft }, send);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="screen-configuration-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="screenConfigurations.field.name" required />
        <SelectField
          {...field('orientation')}
          labelId="screenConfigurations.field.orientation"
          options={SCREEN_ORIENTATIONS.map((o) => ({ value: o, label: intl.formatMessage({ id: `screenConfigurations.orientation.${o}` }) }))}
        />
        <SelectField
          {...field('theme')}
          labelId="screenConfigurations.field.theme"
          options={SCREEN_THEMES.map((t) => ({ value: t, label: intl.formatMessage({ id: `screenConfigurations.theme.${t}` }) }))}
        />
        <NumberField {...field('idleSeconds')} labelId="screenConfigurations.field.idleSeconds" min={10} max={3600} />
      </div>
      <TextField {...field('welcomeText')} labelId="screenConfigurations.field.welcomeText" multiline />
      <fieldset className="screen-slides" data-testid="screen-slides">
        <legend>
          <FormattedMessage id="screenConfigurations.field.slides" />
        </legend>
        {draft.slides.length === 0 && (
          <p className="muted">
            <FormattedMessage id="screenConfigurations.slides.none" />
          </p>
        )}
        {draft.slides.map((slide, i) => (
          <div className="form-grid" key={i} data-testid="screen-slide">
            <TextField
              name={`slide-${i}-title`}
              value={slide.title}
              onChange={(title) => setSlide(i, { title })}
              labelId="screenConfigurations.slides.title"
              labelValues={{ n: String(i + 1) }}
            />
            <NumberField
              name={`slide-${i}-duration`}
              value={slide.durationSeconds}
              onChange={(durationSeconds) => setSlide(i, { durationSeconds })}
              labelId="screenConfigurations.slides.duration"
              min={3}
              max={600}
            />
            <button type="button" className="button button--secondary" onClick={() => setDraft((d) => ({ ...d, slides: d.slides.filter((_, j) => j !== i) }))}>
              <FormattedMessage id="screenConfigurations.slides.remove" values={{ n: i + 1 }} />
            </button>
          </div>
        ))}
        {errors.slides && (
          <p className="form__error" role="alert" data-testid="error-slides">
            <FormattedMessage id="screenConfigurations.error.slides" />
          </p>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDraft((d) => ({ ...d, slides: [...d.slides, NEW_SLIDE] }))}
          disabled={draft.slides.length >= MAX_SCREEN_SLIDES}
          data-testid="screen-slide-add"
        >
          <FormattedMessage id="screenConfigurations.slides.add" values={{ max: MAX_SCREEN_SLIDES }} />
        </button>
      </fieldset>
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="screen-configuration-submit" />
      </div>
    </form>
  );
}

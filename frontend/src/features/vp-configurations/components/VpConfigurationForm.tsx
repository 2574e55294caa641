import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES } from '#schemas/language';
import { VENDING_DEVICE_TYPES } from '#schemas/device-types';
import type { VpConfigurationInput } from '#schemas/vp-configuration';
import { FormError } from '../../../components/form/FormError';
import { NumberField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { languageName } from '../../../lib/format';
import { VP_FORM_MESSAGES } from '../messages';
import { inputOf, VpForm, type VpDraft } from './vp-draft';

interface Props {
  initial: VpDraft;
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: VpConfigurationInput) => Promise<unknown>;
}

const DEVICE_TYPES = VENDING_DEVICE_TYPES.map((t) => ({ value: t, label: t }));

/** A VP configuration: its name, device type and content (display, telemetry, audit, further parameters); "VP form invalid" above a refused form. */
export function VpConfigurationForm({ initial, canEdit, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(VpForm, successMessageId, VP_FORM_MESSAGES);
  const { draft, field } = useDraft(initial, errors);
  const languages = LANGUAGES.map((l) => ({ value: l, label: languageName(l, intl.locale) }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canEdit) void submit({ ...draft }, (form) => send(inputOf(form)));
  }

  const invalid = Object.keys(errors).some((k) => k !== 'name' || errors.name?.messageId !== 'vpConfigurations.error.duplicate');
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="vp-configuration-form">
      <FormError messageId={invalid ? 'vpConfigurations.error.formInvalid' : null} testId="vp-form-invalid" />
      <div className="form-grid">
        <TextField {...field('name')} labelId="vpConfigurations.field.name" readOnly={!canEdit} required />
        {canEdit ? (
          <SelectField {...field('deviceType')} labelId="vpConfigurations.field.deviceType" options={DEVICE_TYPES} />
        ) : (
          <TextField {...field('deviceType')} labelId="vpConfigurations.field.deviceType" readOnly />
        )}
        {canEdit ? (
          <SelectField {...field('language')} labelId="vpConfigurations.field.language" options={languages} />
        ) : (
          <TextField name="language" value={languageName(draft.language, intl.locale)} labelId="vpConfigurations.field.language" readOnly />
        )}
        <NumberField {...field('brightness')} labelId="vpConfigurations.field.brightness" min={0} max={100} />
        <NumberField {...field('pingSeconds')} labelId="vpConfigurations.field.pingSeconds" min={5} max={3600} />
        <NumberField {...field('scheduledHours')} labelId="vpConfigurations.field.scheduledHours" min={1} max={168} />
      </div>
      <TextField
        {...field('parameters')}
        labelId="vpConfigurations.field.parameters"
        hint={intl.formatMessage({ id: 'vpConfigurations.field.parametersHint' })}
        readOnly={!canEdit}
        multiline
      />
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="vp-configuration-submit" />
        </div>
      )}
    </form>
  );
}

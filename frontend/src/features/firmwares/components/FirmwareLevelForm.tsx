import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FIRMWARE_LEVELS, FirmwareUpdate, type Firmware } from '#schemas/firmware';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { updateFirmware } from '../api/save-firmware';
import { FIRMWARE_FORM_MESSAGES } from '../messages';

/** What changes on a firmware: its level and release date. */
export function FirmwareLevelForm({ firmware }: { firmware: Firmware }) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(FirmwareUpdate, 'firmwares.updated', FIRMWARE_FORM_MESSAGES);
  const { draft, field } = useDraft({ level: firmware.level as string, releaseDate: firmware.releaseDate }, errors);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(draft, (input) => updateFirmware(firmware.id, input));
  }
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="firmware-update-form">
      <div className="form-grid">
        <SelectField
          {...field('level')}
          labelId="firmwares.field.level"
          options={FIRMWARE_LEVELS.map((l) => ({ value: l, label: intl.formatMessage({ id: `firmwares.level.${l}` }) }))}
        />
        <TextField {...field('releaseDate')} labelId="firmwares.field.releaseDate" type="date" required />
      </div>
      <div className="form__actions">
        <SubmitButton labelId="firmwares.save" busy={saving} testId="firmware-save" />
      </div>
    </form>
  );
}

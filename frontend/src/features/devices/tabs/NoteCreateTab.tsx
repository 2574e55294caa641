import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PosNoteInput } from '#schemas/pos';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { createNote } from '../api/create-note';
import { NOTE_FORM_MESSAGES } from '../messages';
import { devicePath } from '../pos-labels';

/** /devices/{serial}/notes/create: a note on the machine; back to the notes once saved. */
export function NoteCreateTab() {
  const serial = useParams().id ?? '';
  const navigate = useNavigate();
  const { errors, saving, submit } = useFormSubmit(PosNoteInput, 'devices.note.created', NOTE_FORM_MESSAGES);
  const { draft, field } = useDraft({ note: '' }, errors);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await submit({ ...draft }, (input) => createNote(serial, input))) navigate(devicePath(serial, 'notes'));
  }

  return (
    <form className="card form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="device-note-form">
      <h2>
        <FormattedMessage id="devices.note.createTitle" />
      </h2>
      <TextField {...field('note')} labelId="devices.note.note" multiline />
      <div className="form__actions">
        <Link to={devicePath(serial, 'notes')} className="button button--secondary">
          <FormattedMessage id="devices.cancel" />
        </Link>
        <SubmitButton labelId="devices.note.submit" busy={saving} testId="device-note-submit" />
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import { SapCodeInput } from '#schemas/sap-code';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { SAP_CODE_FORM_MESSAGES } from '../messages';

interface Props {
  initial: SapCodeInput;
  submitLabelId: string;
  successMessageId: string;
  send: (input: SapCodeInput) => Promise<unknown>;
}

/** A SAP code: the code (unique for the distributor) and a description. */
export function SapCodeForm({ initial, submitLabelId, successMessageId, send }: Props) {
  const { errors, saving, submit } = useFormSubmit(SapCodeInput, successMessageId, SAP_CODE_FORM_MESSAGES);
  const { draft, field } = useDraft(initial, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ ...draft }, send);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="sap-code-form">
      <div className="form-grid">
        <TextField {...field('code')} labelId="sapCodes.field.code" required />
        <TextField {...field('description')} labelId="sapCodes.field.description" multiline />
      </div>
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="sap-code-submit" />
      </div>
    </form>
  );
}

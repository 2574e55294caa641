import type { FormEvent } from 'react';
import { GroupInput } from '#schemas/group';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { GROUP_FORM_MESSAGES } from '../messages';

export interface GroupDraft {
  name: string;
  description: string;
}

export const NEW_GROUP: GroupDraft = { name: '', description: '' };

interface GroupFormProps {
  initial: GroupDraft;
  /** Super admin and merchant admin; a group admin sees its groups read-only. */
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: GroupInput) => Promise<unknown>;
  testId?: string;
}

/** A group's name (unique in its merchant) and description. */
export function GroupForm({ initial, canEdit, submitLabelId, successMessageId, send, testId = 'group-form' }: GroupFormProps) {
  const { errors, saving, submit } = useFormSubmit(GroupInput, successMessageId, GROUP_FORM_MESSAGES);
  const { draft, field } = useDraft(initial, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canEdit) void submit({ ...draft }, send);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid={testId}>
      <TextField {...field('name')} labelId="groups.field.name" readOnly={!canEdit} />
      <TextField {...field('description')} labelId="groups.field.description" multiline readOnly={!canEdit} />
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="group-submit" />
        </div>
      )}
    </form>
  );
}

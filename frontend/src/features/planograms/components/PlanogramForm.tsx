import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { PLANOGRAM_TYPES, PlanogramInput, type PlanogramType } from '#schemas/planogram';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { ApiError } from '../../../lib/api';
import { useMerchantProducts } from '../../../lib/resources/get-merchant-products';
import { lineErrors, toLine, unknownProductErrors, type LineDraft, type LineErrors } from '../line-errors';
import { PLANOGRAM_FORM_MESSAGES, TYPE_MESSAGES } from '../messages';
import { LinesEditor } from './LinesEditor';

export interface PlanogramDraft {
  name: string;
  description: string;
  planogramType: PlanogramType;
  lines: LineDraft[];
}

export const NEW_PLANOGRAM: PlanogramDraft = { name: '', description: '', planogramType: 'A', lines: [] };

export const draftOf = (p: {
  name: string;
  description: string;
  planogramType: PlanogramType;
  lines: ReadonlyArray<{ selection: string; productId: string; capacity: number; warningLevel: number; refillValue: number }>;
}): PlanogramDraft => ({
  name: p.name,
  description: p.description,
  planogramType: p.planogramType,
  lines: p.lines.map((l) => ({
    selection: l.selection,
    productId: l.productId,
    capacity: String(l.capacity),
    warningLevel: String(l.warningLevel),
    refillValue: String(l.refillValue),
  })),
});

interface Props {
  merchantId: string;
  initial: PlanogramDraft;
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: PlanogramInput) => Promise<unknown>;
}

/** A planogram: name, description, type (A hot, B cold) and its lines, each checked field by field as the API does. */
export function PlanogramForm({ merchantId, initial, canEdit, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(PlanogramInput, successMessageId, PLANOGRAM_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const products = useMerchantProducts(merchantId);
  const [tried, setTried] = useState(false);
  const [serverLineErrors, setServerLineErrors] = useState<LineErrors>({});
  const shownLineErrors = { ...lineErrors(draft.lines, tried), ...serverLineErrors };
  const typeOptions = PLANOGRAM_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: TYPE_MESSAGES[t] }) }));

  async function sendChecked(input: PlanogramInput) {
    try {
      await send(input);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ProductNotFoundException') setServerLineErrors(unknownProductErrors(error.details));
      throw error;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit) return;
    setTried(true);
    setServerLineErrors({});
    if (Object.keys(lineErrors(draft.lines, true)).length > 0) return;
    void submit({ ...draft, lines: draft.lines.map(toLine) }, sendChecked);
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="planogram-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="planograms.field.name" readOnly={!canEdit} required />
        {canEdit ? (
          <SelectField
            {...field('planogramType')}
            onChange={(v) => setDraft((d) => ({ ...d, planogramType: v as PlanogramType }))}
            labelId="planograms.field.type"
            options={typeOptions}
          />
        ) : (
          <TextField name="planogramType" value={intl.formatMessage({ id: TYPE_MESSAGES[draft.planogramType] })} labelId="planograms.field.type" readOnly />
        )}
        <TextField {...field('description')} labelId="planograms.field.description" readOnly={!canEdit} multiline />
      </div>
      <LinesEditor
        lines={draft.lines}
        products={products.data ?? []}
        errors={shownLineErrors}
        canEdit={canEdit}
        onChange={(lines) => {
          setServerLineErrors({});
          setDraft((d) => ({ ...d, lines }));
        }}
      />
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="planogram-submit" />
        </div>
      )}
    </form>
  );
}

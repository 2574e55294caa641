import { useState } from 'react';
import type * as z from 'zod/mini';
import { useToast } from '../../components/toasts';
import { ApiError } from '../../lib/api';
import { fieldErrorsFromApi, fieldErrorsFromIssues, type FieldErrors } from '../../lib/form-errors';
import { CODE_FIELDS, FIELD_MESSAGES, merchantErrorMessageId } from './messages';

/**
 * Submitting a form of this area: the shared zod schema checks the draft first, then the call runs; a
 * 400 shows the API's field errors, a known conflict marks its field, and a toast tells the outcome.
 */
export function useFormSubmit<S extends z.ZodMiniType>(schema: S, successMessageId: string) {
  const { showToast } = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(draft: Record<string, unknown>, send: (input: z.output<S>) => Promise<unknown>): Promise<boolean> {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues, draft, FIELD_MESSAGES));
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(parsed.data);
      showToast({ kind: 'success', messageId: successMessageId });
      return true;
    } catch (error) {
      const messageId = merchantErrorMessageId(error);
      if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsFromApi(error, FIELD_MESSAGES));
      const field = error instanceof ApiError ? CODE_FIELDS[error.code] : undefined;
      if (field) setErrors({ [field]: { messageId } });
      showToast({ kind: 'error', messageId });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, submit };
}

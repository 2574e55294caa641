import { useState } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '../../lib/api';
import { fieldErrorsFromApi, fieldErrorsFromIssues, type FieldErrors, type FieldMessages } from '../../lib/form-errors';
import { useToast } from '../toasts';

/** How a feature tells its failures: the message of a failed call, field-specific messages, conflicts that belong to a field. */
export interface FormMessages {
  errorMessageId: (error: unknown) => string;
  fieldMessages?: FieldMessages;
  /** Server codes whose message belongs under one field (e.g. a duplicate name under the name). */
  codeFields?: Partial<Record<string, string>>;
  /** The arguments of the feature's error messages (e.g. the limit a "too many" names). */
  errorValues?: Record<string, string | number>;
}

/**
 * Submitting a form: the shared zod schema checks the draft first (then `validate`, for rules the schema
 * cannot express), then the call runs; a 400 shows the API's field errors, a known conflict marks its
 * field, and a toast tells the outcome.
 */
export function useFormSubmit<S extends z.ZodMiniType>(schema: S, successMessageId: string, messages: FormMessages) {
  const { showToast } = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { errorMessageId, fieldMessages = {}, codeFields = {}, errorValues } = messages;

  async function submit(
    draft: Record<string, unknown>,
    send: (input: z.output<S>) => Promise<unknown>,
    validate?: (input: z.output<S>) => FieldErrors,
  ): Promise<boolean> {
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues, draft, fieldMessages));
      return false;
    }
    const problems = validate?.(parsed.data) ?? {};
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(parsed.data);
      showToast({ kind: 'success', messageId: successMessageId });
      return true;
    } catch (error) {
      const messageId = errorMessageId(error);
      if (error instanceof ApiError && error.status === 400) setErrors(fieldErrorsFromApi(error, fieldMessages));
      const field = error instanceof ApiError ? codeFields[error.code] : undefined;
      if (field) setErrors((current) => ({ ...current, [field]: { messageId, ...(errorValues ? { values: errorValues } : {}) } }));
      showToast({ kind: 'error', messageId, ...(errorValues ? { values: errorValues } : {}) });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { errors, saving, submit };
}

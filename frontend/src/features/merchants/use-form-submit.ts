import type * as z from 'zod/mini';
import { useFormSubmit as useSharedFormSubmit } from '../../components/form/use-form-submit';
import { CODE_FIELDS, FIELD_MESSAGES, merchantErrorMessageId } from './messages';

const MESSAGES = { errorMessageId: merchantErrorMessageId, fieldMessages: FIELD_MESSAGES, codeFields: CODE_FIELDS };

/** Submitting a form of this area (components/form/use-form-submit) with the area's error messages. */
export function useFormSubmit<S extends z.ZodMiniType>(schema: S, successMessageId: string) {
  return useSharedFormSubmit(schema, successMessageId, MESSAGES);
}

import type * as z from 'zod/mini';
import type { ApiError } from './api';

/** One message for a form field. */
export interface FieldError {
  messageId: string;
  values?: Record<string, string | number>;
}
export type FieldErrors = Partial<Record<string, FieldError>>;

/** Field-specific messages (e.g. the PIN's "must have 8 digits") that win over the generic ones. */
export type FieldMessages = Partial<Record<string, string>>;

const isBlank = (value: unknown) => value === null || value === undefined || Number.isNaN(value) || (typeof value === 'string' && value.trim() === '');

/** A validation issue as a spec §5 message: required, email, URL, min/max value or length, number. */
function messageFor(issue: z.core.$ZodIssue, value: unknown): FieldError {
  if (isBlank(value)) return { messageId: 'validation.required' };
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { messageId: 'errors.validation.minLength', values: { min: Number(issue.minimum) } }
        : { messageId: 'errors.validation.min', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { messageId: 'errors.validation.maxLength', values: { max: Number(issue.maximum) } }
        : { messageId: 'errors.validation.max', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { messageId: 'validation.email' };
      if (issue.format === 'url') return { messageId: 'errors.validation.url' };
      return { messageId: 'errors.validation.invalid' };
    case 'invalid_type':
      return { messageId: issue.expected === 'number' ? 'errors.validation.number' : 'errors.validation.invalid' };
    default:
      return { messageId: 'errors.validation.invalid' };
  }
}

/** The first problem of each field of a failed client-side check. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[], draft: Record<string, unknown>, messages: FieldMessages = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    const specific = messages[field];
    errors[field] = specific ? { messageId: specific } : messageFor(issue, draft[field]);
  }
  return errors;
}

/** A 400 answer's `details` ([{ path: 'body.field', message }]) as field errors. */
export function fieldErrorsFromApi(error: ApiError, messages: FieldMessages = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of error.details ?? []) {
    const [part, field] = detail.path.split('.');
    if (part !== 'body' || !field || errors[field]) continue;
    errors[field] = { messageId: messages[field] ?? 'errors.validation.invalid' };
  }
  return errors;
}

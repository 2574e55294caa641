import * as z from 'zod/mini';
import type { ErrorBody } from '#schemas/errors';
import { DomainError, type ErrorKind } from '../core/shared/domain-error';

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unavailable: 503,
};

/** Zod issue paths as the field paths of a 400 answer, prefixed with the request part (body, query, params). */
export function zodDetails(error: z.core.$ZodError, part: string): Array<{ path: string; message: string }> {
  return error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${(issue as { keys: string[] }).keys.join(', ')}` : issue.message,
  }));
}

/** The one place where failures become HTTP answers. A 5xx never shows internals (the request log line carries the error). */
export function toErrorResponse(error: unknown, correlationId: string): { status: number; body: ErrorBody } {
  if (error instanceof DomainError) {
    return {
      status: STATUS[error.kind],
      body: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), correlationId },
    };
  }
  return { status: 500, body: { code: 'InternalError', message: 'Something went wrong; try again later', correlationId } };
}

/** What kind of failure a domain error is; the HTTP layer maps kinds to statuses in one place. */
export type ErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'gone' | 'too-large' | 'unavailable';

/** A failure the caller can act on, carrying one of the spec's exception codes (spec §8). */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = code;
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string) {
    super(code, 'not-found', message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, 'conflict', message);
  }
}

export class ValidationError extends DomainError {
  constructor(code: string, message: string, details?: Array<{ path: string; message: string }>) {
    super(code, 'validation', message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'ForbiddenException') {
    super(code, 'forbidden', message);
  }
}

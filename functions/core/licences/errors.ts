/** The licence exceptions of spec §8, and the few the state machine adds where the spec names none. */
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

export class LicenseDoesNotExistException extends NotFoundError {
  constructor() {
    super('LicenseDoesNotExistException', 'This machine has no licence');
  }
}

export class LicenseNotAssignedYetException extends ConflictError {
  constructor() {
    super('LicenseNotAssignedYetException', 'The licence of this machine is not assigned: assign it first');
  }
}

export class LicenseDeactivatedException extends ConflictError {
  constructor() {
    super('LicenseDeactivatedException', 'The licence of this machine is deactivated');
  }
}

export class LicenseExpiredException extends ConflictError {
  constructor() {
    super('LicenseExpiredException', 'The licence of this machine has expired');
  }
}

/** Assigning a licence to a machine whose licence is still in use (not unassigned). */
export class LicenseAlreadyAssignedException extends ConflictError {
  constructor() {
    super('LicenseAlreadyAssignedException', 'This machine already has a licence: unassign it first');
  }
}

/** A move the state machine does not make from the licence's status (e.g. confirming a licence not sent). */
export class LicenseTransitionNotAllowedException extends DomainError {
  constructor(from: number, event: string) {
    super('LicenseTransitionNotAllowedException', 'conflict', `A licence in status ${from} cannot be ${event}`, [{ path: 'status', message: String(from) }]);
  }
}

/** The confirmation link's token: unknown, already used or expired (spec §8). */
export class TokenNotFoundException extends NotFoundError {
  constructor() {
    super('TokenNotFoundException', 'This confirmation link is not valid: it was already used, it expired, or it never existed');
  }
}

/** A demo licence ends at most DEMO_LICENSE_DAYS after today, and not before it. */
export class DemoLicenseExpiryException extends ValidationError {
  constructor(days: number) {
    super('DemoLicenseExpiryException', `A demo licence expires between today and ${days} days from now`, [
      { path: 'body.expiresOn', message: `must be within ${days} days` },
    ]);
  }
}

/** Unassign case 2 (end demo) of a licence that is not a demo. */
export class NotADemoLicenseException extends ConflictError {
  constructor() {
    super('NotADemoLicenseException', 'Only a demo licence can end as a demo');
  }
}

/** The licence was written by someone else since it was read (the repository's conditional write). */
export class LicenseChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('LicenseChangedConcurrentlyException', 'The licence changed meanwhile: reload it and try again');
  }
}

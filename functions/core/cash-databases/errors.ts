import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class CashDatabaseNotFoundException extends NotFoundError {
  constructor() {
    super('CashDatabaseNotFoundException', 'Cash database not found');
  }
}

/** As for firmware (spec §8 FirmwareInUseException): a rule rolls it out, so it cannot be deleted. */
export class CashDatabaseInUseException extends ConflictError {
  constructor() {
    super('CashDatabaseInUseException', 'The cash database is used by a cash database rule and cannot be deleted');
  }
}

/** Spec §5/§8 "database version already registered": one version per merchant, device type and peripheral. */
export class DuplicateCashDatabaseVersionException extends ValidationError {
  constructor(version: string) {
    super('DuplicateCashDatabaseVersionException', `Database version ${version} already registered`, [
      { path: 'body.version', message: 'database version already registered' },
    ]);
  }
}

/** Someone else changed it between the read and the write. */
export class CashDatabaseChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('CashDatabaseChangedConcurrentlyException', 'The cash database was changed meanwhile: reload it and try again');
  }
}

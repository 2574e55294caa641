import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class PosNotFoundException extends NotFoundError {
  constructor() {
    super('PosNotFoundException', 'Point of sale not found');
  }
}

/** Spec §8: duplicates (machine name). */
export class DuplicateMachineNameException extends ConflictError {
  constructor() {
    super('DuplicateMachineNameException', 'duplicate machine name');
  }
}

/** The serial already belongs to another merchant's registry entry. */
export class DeviceAlreadyRegisteredException extends ConflictError {
  constructor() {
    super('DeviceAlreadyRegisteredException', 'This device is already registered to another merchant');
  }
}

/** The serial was deleted from this merchant moments ago and its history is still being removed. */
export class MachineStillBeingDeletedException extends ConflictError {
  constructor() {
    super('MachineStillBeingDeletedException', 'This machine was deleted recently and its history is still being removed: try again in a few minutes');
  }
}

/** The machine was moved to another group moments ago and its alarms and commands are still being re-indexed. */
export class MachineStillBeingMovedException extends ConflictError {
  constructor() {
    super(
      'MachineStillBeingMovedException',
      'This machine was moved to another group moments ago and its history is still following it: try again in a minute',
    );
  }
}

/** Too many of the merchant's machines are still being re-indexed after a move (regroup.ts MAX_MACHINES_MOVING). */
export class TooManyMachinesMovingException extends ConflictError {
  constructor(max: number) {
    super(
      'TooManyMachinesMovingException',
      `${max} machines of this merchant were moved moments ago and their history is still following them: try again in a minute`,
    );
  }
}

/** No merchant the caller manages has this device-association PIN (the same answer whether or not another merchant has it). */
export class InvalidDevicePinException extends ValidationError {
  constructor() {
    super('InvalidDevicePinException', 'No merchant you manage has this device-association PIN', [{ path: 'body.pin', message: 'unknown PIN' }]);
  }
}

/** Another merchant already uses this device-association PIN. */
export class DuplicateDevicePinException extends ConflictError {
  constructor() {
    super('DuplicateDevicePinException', 'Another merchant already uses this device-association PIN');
  }
}

/** The machine changed between read and write (another request or a device moved it): retry. */
export class PosChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('PosChangedConcurrentlyException', 'The machine was changed meanwhile: reload and try again');
  }
}

export class InvalidPosGroupException extends ValidationError {
  constructor() {
    super('InvalidPosGroupException', 'The group is not a group of the machine’s merchant', [{ path: 'body.groupId', message: 'unknown group' }]);
  }
}

export class InvalidPosClientException extends ValidationError {
  constructor() {
    super('InvalidPosClientException', 'The client is not a client of the machine’s merchant', [{ path: 'body.clientId', message: 'unknown client' }]);
  }
}

export class MerchantRequiredException extends ValidationError {
  constructor() {
    super('MerchantRequiredException', 'Pick one distributor: machine lists are per merchant', [
      { path: 'query.merchantId', message: 'all distributors has no machine list' },
    ]);
  }
}

export class PosExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('ExportTooLargeException', `More than ${max} machines: narrow the list with filters`, [{ path: 'query', message: `more than ${max} machines` }]);
  }
}

/** Spec §8: "audit or machine configuration not found (retention expired)"; also an audit sent without its EVA-DTS text. */
export class AuditNotFoundException extends NotFoundError {
  constructor() {
    super('AuditNotFoundException', 'Audit not found (retention expired)');
  }
}

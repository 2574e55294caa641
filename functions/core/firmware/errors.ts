import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class FirmwareNotFoundException extends NotFoundError {
  constructor() {
    super('FirmwareNotFoundException', 'Firmware not found');
  }
}

/** Spec §8: a firmware rule rolls it out, so it cannot be deleted. */
export class FirmwareInUseException extends ConflictError {
  constructor() {
    super('FirmwareInUseException', 'The firmware is used by a firmware rule and cannot be deleted');
  }
}

/** One version per device type and level. */
export class DuplicateFirmwareVersionException extends ValidationError {
  constructor(version: string) {
    super('DuplicateFirmwareVersionException', `Firmware ${version} is already registered for this device type and level`, [
      { path: 'body.build', message: `version ${version} already registered` },
    ]);
  }
}

/** Someone else changed it between the read and the write. */
export class FirmwareChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('FirmwareChangedConcurrentlyException', 'The firmware was changed meanwhile: reload it and try again');
  }
}

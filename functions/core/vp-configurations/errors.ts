import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

/** Spec §5/§8: VP configuration names are unique per merchant (ignoring case and accents). */
export class DuplicateVpConfigNameException extends ConflictError {
  constructor() {
    super('DuplicateVpConfigNameException', 'A VP configuration with this name already exists');
  }
}

/** Spec §8: the content does not follow the VP configuration schema (schemas/vp-configuration.ts); `details` name the fields. */
export class VpConfigNotValidException extends ValidationError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('VpConfigNotValidException', 'The VP configuration is not valid', details);
  }
}

export class VpConfigurationNotFoundException extends NotFoundError {
  constructor() {
    super('VpConfigurationNotFoundException', 'VP configuration not found');
  }
}

export class VpConfigurationVersionNotFoundException extends NotFoundError {
  constructor() {
    super('VpConfigurationVersionNotFoundException', 'This version of the VP configuration does not exist');
  }
}

/** Saved by someone else since it was read: the version this save would have made exists. */
export class VpConfigChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('VpConfigChangedConcurrentlyException', 'The VP configuration was changed meanwhile: reload it');
  }
}

/** Spec §8: a machine of another device type cannot take the configuration (the feature's own refusal carries the same code). */
export class SendVpConfigNotAllowed extends DomainError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('SendVpConfigNotAllowed', 'forbidden', 'The VP configuration cannot be sent to these machines', details);
  }
}

/** A download bound to a machine of another device type than the configuration's. */
export class VpDownloadSerialMismatchException extends ValidationError {
  constructor(deviceType: string) {
    super('ValidationException', 'The device serial is of another device type', [{ path: 'query.deviceSerial', message: `not a ${deviceType} machine` }]);
  }
}

import { ConflictError, ForbiddenError, NotFoundError } from '../shared/domain-error';

/** The merchant has not got screen configuration management (a merchant setting of the super admin's). */
export class ScreenConfigurationNotEnabledException extends ForbiddenError {
  constructor() {
    super('Screen configuration management is not enabled for this distributor', 'ScreenConfigurationNotEnabledException');
  }
}

export class ScreenConfigurationNotFoundException extends NotFoundError {
  constructor() {
    super('ScreenConfigurationNotFoundException', 'Screen configuration not found');
  }
}

export class DuplicateScreenConfigurationNameException extends ConflictError {
  constructor() {
    super('DuplicateScreenConfigurationNameException', 'A screen configuration with this name already exists');
  }
}

import { ConflictError, NotFoundError } from '../shared/domain-error';

/** Spec §8: "audit or machine configuration not found (retention expired)". */
export class MachineConfigurationNotFoundException extends NotFoundError {
  constructor() {
    super('MachineConfigurationNotFoundException', 'Machine configuration not found (retention expired)');
  }
}

/** Spec §8: "custom config not found". */
export class CustomConfigNotFoundException extends NotFoundError {
  constructor() {
    super('CustomConfigNotFoundException', 'Custom config not found');
  }
}

export class CustomConfigChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('CustomConfigChangedConcurrentlyException', 'The custom config was changed meanwhile: reload and try again');
  }
}

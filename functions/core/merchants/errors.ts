import { ConflictError, NotFoundError } from '../shared/domain-error';

export class MerchantNotFoundException extends NotFoundError {
  constructor() {
    super('MerchantNotFoundException', 'Merchant not found');
  }
}

export class DuplicateMerchantNameException extends ConflictError {
  constructor() {
    super('DuplicateMerchantNameException', 'A merchant with this name already exists');
  }
}

export class SettingsChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('SettingsChangedConcurrentlyException', 'The settings were changed meanwhile: reload and try again');
  }
}

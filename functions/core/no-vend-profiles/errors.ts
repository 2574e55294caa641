import { ConflictError, NotFoundError } from '../shared/domain-error';

export class NoVendProfileNotFoundException extends NotFoundError {
  constructor() {
    super('NoVendProfileNotFoundException', 'No-vend profile not found');
  }
}

export class DuplicateNoVendProfileNameException extends ConflictError {
  constructor() {
    super('DuplicateNoVendProfileNameException', 'The distributor already has a no-vend profile with this name');
  }
}

export class NoVendProfileInUseException extends ConflictError {
  constructor() {
    super('NoVendProfileInUseException', 'Machines still use this no-vend profile: associate them elsewhere first');
  }
}

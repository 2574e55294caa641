import { ConflictError, NotFoundError } from '../shared/domain-error';

export class ClientNotFoundException extends NotFoundError {
  constructor() {
    super('ClientNotFoundException', 'Client not found');
  }
}

/** Spec §8: duplicates (client). */
export class DuplicateClientNameException extends ConflictError {
  constructor() {
    super('DuplicateClientNameException', 'duplicate client');
  }
}

export class ClientInUseException extends ConflictError {
  constructor() {
    super('ClientInUseException', 'Machines are still associated with this client: associate them elsewhere first');
  }
}

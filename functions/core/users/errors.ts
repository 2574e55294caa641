import { DomainError, NotFoundError } from '../shared/domain-error';

/** A valid identity without a user record in this console, or without a usable role. */
export class UnauthorizedUserException extends DomainError {
  constructor() {
    super('UnauthorizedUserException', 'forbidden', 'This user is not authorised to use the console');
  }
}

export class UserNotFoundException extends NotFoundError {
  constructor() {
    super('UserNotFoundException', 'User not found');
  }
}

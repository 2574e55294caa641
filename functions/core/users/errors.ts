import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../shared/domain-error';

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

/** Spec §8 "duplicates (user …)": the email is taken, in the table or in the identity pool. */
export class DuplicateUserException extends ConflictError {
  constructor() {
    super('DuplicateUserException', 'duplicate user');
  }
}

/** Spec §5: a group admin needs at least one group for every merchant it is assigned. */
export class GroupAdminMerchantsValidationException extends ValidationError {
  constructor(merchantIds: string[]) {
    super(
      'GroupAdminMerchantsValidationException',
      'A group admin needs at least one group for every merchant it is assigned',
      merchantIds.map((m) => ({ path: 'body.groupIds', message: `no group of merchant ${m}` })),
    );
  }
}

export class UserMerchantRequiredException extends ValidationError {
  constructor() {
    super('UserMerchantRequiredException', 'This role needs at least one merchant', [
      { path: 'body.merchantIds', message: 'at least one merchant is required' },
    ]);
  }
}

export class InvalidUserMerchantsException extends ValidationError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('InvalidUserMerchantsException', 'Unknown merchant', details);
  }
}

export class InvalidUserGroupsException extends ValidationError {
  constructor(details: Array<{ path: string; message: string }>) {
    super('InvalidUserGroupsException', 'Each group must exist and belong to one of the user’s merchants', details);
  }
}

export class InvisibleFlagsNotAllowedException extends ValidationError {
  constructor() {
    super('InvisibleFlagsNotAllowedException', 'Only the super admin sets these flags', [{ path: 'body.invisibleFlags', message: 'not allowed' }]);
  }
}

export class CannotChangeOwnRoleException extends ValidationError {
  constructor() {
    super('CannotChangeOwnRoleException', 'You cannot change your own role', [{ path: 'body.role', message: 'your own role' }]);
  }
}

export class CannotDeleteOwnUserException extends ConflictError {
  constructor() {
    super('CannotDeleteOwnUserException', 'You cannot delete your own user');
  }
}

export class UserAlreadyActiveException extends ConflictError {
  constructor() {
    super('UserAlreadyActiveException', 'The user has already signed in: there is no invitation to resend');
  }
}

export class UserChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('UserChangedConcurrentlyException', 'The user was changed meanwhile: reload and try again');
  }
}

export class ExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('ExportTooLargeException', `More than ${max} users: narrow the list by merchant`, [{ path: 'query.merchantId', message: `more than ${max} users` }]);
  }
}

/** A merchant admin acting outside its merchants, or granting what only the super admin may. */
export class UserForbiddenException extends ForbiddenError {
  constructor(message: string) {
    super(message);
  }
}

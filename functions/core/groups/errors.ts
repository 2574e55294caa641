import { ConflictError, NotFoundError } from '../shared/domain-error';

export class GroupNotFoundException extends NotFoundError {
  constructor() {
    super('GroupNotFoundException', 'Group not found');
  }
}

export class DuplicateGroupNameException extends ConflictError {
  constructor() {
    super('DuplicateGroupNameException', 'A group with this name already exists in this merchant');
  }
}

export class GroupInUseException extends ConflictError {
  constructor(message = 'Users still belong to this group: remove it from them first') {
    super('GroupInUseException', message);
  }
}

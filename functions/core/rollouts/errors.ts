import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class RuleNotFoundException extends NotFoundError {
  constructor() {
    super('RuleNotFoundException', 'Rule not found');
  }
}

/** Spec §5/§8: the release a rule names must exist ("add first"); `code` is the kind's (FirmwareNotFoundException). */
export class RuleReleaseNotFoundException extends ValidationError {
  constructor(code: string, field: string) {
    super(code, 'Not found: add it first, then create the rule', [{ path: `body.${field}`, message: 'not found: add it first' }]);
  }
}

/** The target holds what the release cannot go to: another device type's machines, a group or machine not of the merchant. */
export class InvalidRuleTargetException extends ValidationError {
  constructor(path: string, message: string) {
    super('InvalidRuleTargetException', message, [{ path: `body.target${path ? `.${path}` : ''}`, message }]);
  }
}

/** Pause, resume or cancel from a status that does not allow it. */
export class RuleStatusConflictException extends ConflictError {
  constructor(status: string, action: string) {
    super('RuleStatusConflictException', `A rule in status ${status} cannot be ${action}`);
  }
}

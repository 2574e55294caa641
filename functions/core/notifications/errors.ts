import { DomainError, ValidationError } from '../shared/domain-error';

/** The unsubscribe link was altered, forged or names nobody. */
export class InvalidUnsubscribeLinkException extends ValidationError {
  constructor() {
    super('InvalidUnsubscribeLinkException', 'This unsubscribe link is not valid', [{ path: 'body.token', message: 'not a valid unsubscribe link' }]);
  }
}

/** The unsubscribe link is older than its validity: the profile's switch still works. */
export class UnsubscribeLinkExpiredException extends DomainError {
  constructor() {
    super('UnsubscribeLinkExpiredException', 'gone', 'This unsubscribe link has expired: turn notifications off from your profile');
  }
}

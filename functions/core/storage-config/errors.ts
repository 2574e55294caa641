import { ConflictError, ValidationError } from '../shared/domain-error';

/** Spec §8 "repository authentication failed": the repository refused the credentials, or did not answer. */
export class RepositoryAuthenticationFailedException extends ValidationError {
  constructor(reason: 'refused' | 'unreachable' | 'notConfigured') {
    super(
      'RepositoryAuthenticationFailedException',
      'Repository authentication failed',
      reason === 'unreachable'
        ? [{ path: 'storageUrl', message: 'the repository did not answer' }]
        : reason === 'notConfigured'
          ? [{ path: 'password', message: 'no storage config saved yet' }]
          : [{ path: 'username', message: 'the repository refused these credentials' }],
    );
  }
}

export class StorageConfigChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('StorageConfigChangedConcurrentlyException', 'The storage config was changed meanwhile: reload and try again');
  }
}

/** A first save without a password. */
export class StoragePasswordRequiredException extends ValidationError {
  constructor() {
    super('StoragePasswordRequiredException', 'A password is required', [{ path: 'body.password', message: 'password is required' }]);
  }
}

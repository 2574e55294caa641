import { AuthError, type AuthFailure } from '../../lib/auth';

const FAILURE_MESSAGE: Record<AuthFailure, string> = {
  wrongCredentials: 'login.error.wrongCredentials',
  wrongCurrentPassword: 'password.error.wrongCurrent',
  invalidPassword: 'password.error.rejected',
  tooManyAttempts: 'login.error.tooManyAttempts',
  unavailable: 'errors.unavailable',
  generic: 'errors.generic',
};

/** The message id for a failed sign-in step. */
export function failureMessageId(error: unknown): string {
  return error instanceof AuthError ? FAILURE_MESSAGE[error.failure] : 'errors.generic';
}

import useSWRMutation from 'swr/mutation';
import { AuthError, changePassword, type AuthFailure } from '../../lib/auth';

/** Not an API call: Cognito ChangePassword through Amplify (`updatePassword`), keyed apart from API data. */
export const changePasswordKey = 'auth:change-password';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

export const sendChangePassword = ({ oldPassword, newPassword }: ChangePasswordInput) => changePassword(oldPassword, newPassword);

export function useChangePassword() {
  return useSWRMutation(changePasswordKey, (_key: string, { arg }: { arg: ChangePasswordInput }) => sendChangePassword(arg), {
    populateCache: false,
    revalidate: false,
  });
}

const FAILURE_MESSAGE: Partial<Record<AuthFailure, string>> = {
  wrongCurrentPassword: 'password.error.wrongCurrent',
  invalidPassword: 'password.error.rejected',
  tooManyAttempts: 'password.error.tooManyAttempts',
  unavailable: 'errors.unavailable',
};

/** What to tell the user when the change failed (spec §8 'wrong current password'). */
export function changePasswordFailureMessageId(error: unknown): string {
  return (error instanceof AuthError && FAILURE_MESSAGE[error.failure]) || 'password.error.change';
}

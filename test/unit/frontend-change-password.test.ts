import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** Amplify stands in: the test decides what Cognito's ChangePassword answers. */
const amplify = vi.hoisted(() => ({ updatePassword: vi.fn<(input: { oldPassword: string; newPassword: string }) => Promise<void>>() }));
vi.mock('aws-amplify', () => ({ Amplify: { configure: () => undefined } }));
vi.mock('aws-amplify/auth', () => ({ updatePassword: amplify.updatePassword }));

const { configureAuth } = await import('../../frontend/src/lib/auth');
const { changePasswordFailureMessageId, sendChangePassword } = await import('../../frontend/src/features/settings/change-password');

function cognitoError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The message the password screen shows when ChangePassword fails with this error. */
async function messageFor(error: Error): Promise<string> {
  amplify.updatePassword.mockRejectedValueOnce(error);
  try {
    await sendChangePassword({ oldPassword: 'Current-Pass1!', newPassword: 'Changed-Pass2#' });
  } catch (failure) {
    return changePasswordFailureMessageId(failure);
  }
  throw new Error('the change did not fail');
}

beforeAll(() => {
  configureAuth({ auth: { region: 'eu-west-1', userPoolId: 'eu-west-1_test', clientId: 'client' }, tenant: 'default', defaultTenant: 'default' });
});
beforeEach(() => amplify.updatePassword.mockReset());

describe('changing the password', () => {
  it('sends the current and the new password to Cognito', async () => {
    amplify.updatePassword.mockResolvedValueOnce(undefined);
    await sendChangePassword({ oldPassword: 'Current-Pass1!', newPassword: 'Changed-Pass2#' });
    expect(amplify.updatePassword).toHaveBeenCalledWith({ oldPassword: 'Current-Pass1!', newPassword: 'Changed-Pass2#' });
  });

  it("says 'wrong current password' for Cognito's and cognito-local's answers to a wrong current password", async () => {
    expect(await messageFor(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toBe('password.error.wrongCurrent');
    expect(await messageFor(cognitoError('InvalidPasswordException', 'Invalid password'))).toBe('password.error.wrongCurrent');
  });

  it('tells a new password the pool refuses, too many attempts and other failures apart', async () => {
    expect(await messageFor(cognitoError('InvalidPasswordException', 'Password does not conform to policy: Password must have symbol characters'))).toBe(
      'password.error.rejected',
    );
    expect(await messageFor(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'))).toBe(
      'password.error.tooManyAttempts',
    );
    expect(await messageFor(new TypeError('Failed to fetch'))).toBe('errors.unavailable');
    expect(await messageFor(cognitoError('InternalErrorException', 'boom'))).toBe('password.error.change');
  });
});

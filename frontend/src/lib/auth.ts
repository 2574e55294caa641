import type { SpaConfiguration } from '#schemas/spa-configuration';
import type { Role } from '#schemas/roles';
import { parseRoleClaim, ROLE_CLAIM } from '#schemas/role-claim';

/**
 * Cognito sign-in through Amplify v6 (USER_PASSWORD_AUTH: cognito-local has no SRP). Amplify is loaded on
 * demand (its own chunk, fetched in parallel with the first render) so it never weighs on the entry chunk.
 */

type AuthModule = typeof import('aws-amplify/auth');

let settings: { auth: SpaConfiguration['auth']; tenant: string; defaultTenant: string } | null = null;
let loading: Promise<AuthModule> | null = null;

export function configureAuth(config: Pick<SpaConfiguration, 'auth' | 'tenant' | 'defaultTenant'>): void {
  settings = { auth: config.auth, tenant: config.tenant, defaultTenant: config.defaultTenant };
  loading = null;
  void amplifyAuth(); // start downloading now
}

function amplifyAuth(): Promise<AuthModule> {
  if (!settings) return Promise.reject(new Error('auth is not configured'));
  const { auth } = settings;
  loading ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([{ Amplify }, module]) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: auth.userPoolId,
          userPoolClientId: auth.clientId,
          ...(auth.endpoint ? { userPoolEndpoint: auth.endpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return module;
  });
  return loading;
}

function tenant(): string {
  if (!settings) throw new Error('auth is not configured');
  return settings.tenant;
}

/** Why a sign-in step failed, as the UI tells it. */
export type AuthFailure = 'wrongCredentials' | 'wrongCurrentPassword' | 'invalidPassword' | 'tooManyAttempts' | 'unavailable' | 'generic';

export class AuthError extends Error {
  constructor(
    readonly failure: AuthFailure,
    options?: { cause?: unknown },
  ) {
    super(failure, options);
    this.name = 'AuthError';
  }
}

function toAuthError(error: unknown, step: 'signIn' | 'newPassword' | 'changePassword'): AuthError {
  if (error instanceof AuthError) return error;
  const name = error instanceof Error ? error.name : '';
  if (step === 'changePassword') {
    // Cognito answers a wrong current password with NotAuthorizedException; cognito-local with
    // InvalidPasswordException ("Invalid password"). Cognito uses InvalidPasswordException for a new password
    // that breaks the pool policy ("Password does not conform to policy…") — the form checks the same
    // rules first, so that one is rare.
    if (name === 'NotAuthorizedException') return new AuthError('wrongCurrentPassword', { cause: error });
    if (name === 'InvalidPasswordException') {
      const policy = error instanceof Error && /conform|policy/i.test(error.message);
      return new AuthError(policy ? 'invalidPassword' : 'wrongCurrentPassword', { cause: error });
    }
  }
  // cognito-local answers a wrong password with InvalidPasswordException; at sign-in it can mean nothing else.
  if (step === 'signIn' && name === 'InvalidPasswordException') return new AuthError('wrongCredentials', { cause: error });
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return new AuthError('wrongCredentials', { cause: error });
    case 'InvalidPasswordException':
    case 'EmptyChallengeResponse':
      return new AuthError('invalidPassword', { cause: error });
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return new AuthError('tooManyAttempts', { cause: error });
    case 'NetworkError':
    case 'TypeError':
      return new AuthError('unavailable', { cause: error });
    default:
      return new AuthError('generic', { cause: error });
  }
}

/** Where a sign-in attempt stands. */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'newPasswordRequired' };

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const auth = await amplifyAuth();
  try {
    // A leftover session (another user, an expired one) makes Amplify refuse a new sign-in.
    await auth.signOut().catch(() => undefined);
    const result = await auth.signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    return outcome(result.nextStep.signInStep);
  } catch (error) {
    throw toAuthError(error, 'signIn');
  }
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of a first sign-in. */
export async function confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
  const auth = await amplifyAuth();
  try {
    const result = await auth.confirmSignIn({ challengeResponse: newPassword });
    return outcome(result.nextStep.signInStep);
  } catch (error) {
    throw toAuthError(error, 'newPassword');
  }
}

function outcome(step: string): SignInOutcome {
  if (step === 'DONE') return { kind: 'signedIn' };
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return { kind: 'newPasswordRequired' };
  // MFA, custom challenges, password reset: not enabled on this user pool.
  throw new AuthError('generic');
}

/** Changes the signed-in user's password (Cognito ChangePassword with the current access token). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const auth = await amplifyAuth();
  try {
    await auth.updatePassword({ oldPassword, newPassword });
  } catch (error) {
    throw toAuthError(error, 'changePassword');
  }
}

/** The signed-in identity as read from the ID token. `role` is null when the claim gives no valid role. */
export interface Identity {
  sub: string;
  email: string;
  role: Role | null;
}

/** The current identity, or null when nobody is signed in (or the session cannot be refreshed). */
export async function currentIdentity(): Promise<Identity | null> {
  const auth = await amplifyAuth();
  try {
    const session = await auth.fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload) return null;
    return {
      sub: typeof payload.sub === 'string' ? payload.sub : '',
      email: typeof payload.email === 'string' ? payload.email : '',
      role: parseRoleClaim(payload[ROLE_CLAIM], tenant(), settings!.defaultTenant) ?? null,
    };
  } catch {
    return null;
  }
}

/** Thrown when no ID token can be had: the session is over and the app logs out. */
export class TokenUnavailableError extends Error {
  override readonly name = 'TokenUnavailableError';
}

/** The ID token the API wants as `Authorization: Bearer <idToken>`; Amplify refreshes it when it expires. */
export async function getIdToken(forceRefresh = false): Promise<string> {
  const auth = await amplifyAuth();
  let token: string | undefined;
  try {
    token = (await auth.fetchAuthSession({ forceRefresh })).tokens?.idToken?.toString();
  } catch (error) {
    throw new TokenUnavailableError('token acquisition failed', { cause: error });
  }
  if (!token) throw new TokenUnavailableError('no session');
  return token;
}

export async function signOutUser(): Promise<void> {
  const auth = await amplifyAuth();
  await auth.signOut();
}

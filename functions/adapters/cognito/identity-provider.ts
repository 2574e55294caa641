import { ROLE_CLAIM } from '#schemas/role-claim';
import { DomainError, ValidationError } from '../../core/shared/domain-error';
import { DuplicateUserException, UserNotFoundException } from '../../core/users/errors';
import type { Identity, IdentityProvider } from '../../core/users/ports';
import { SignedCognitoClient } from './signed-client';

const clients = new Map<string, SignedCognitoClient>();

/** One client per process and endpoint (module scope, reused across invocations). */
function clientFor(region: string, endpoint: string | undefined): SignedCognitoClient {
  const key = `${region} ${endpoint ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new SignedCognitoClient({ region, ...(endpoint ? { endpoint } : {}) });
    clients.set(key, client);
  }
  return client;
}

const nameOf = (error: unknown) => (error as { name?: string })?.name ?? '';

/** Cognito failures as the domain's: a taken email, a missing identity, bad input, throttling. */
function mapError(error: unknown): unknown {
  switch (nameOf(error)) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new DuplicateUserException();
    case 'UserNotFoundException':
      return new UserNotFoundException();
    case 'InvalidParameterException':
      return new ValidationError('InvalidUserAttributesException', 'The identity provider refused the user’s attributes', [
        { path: 'body.email', message: 'refused by the identity provider' },
      ]);
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return new DomainError('IdentityServiceUnavailableException', 'unavailable', 'The identity service is busy: try again shortly');
    default:
      return error;
  }
}

/**
 * The user pool as the console's identity provider. Identities are addressed by email (an alias of the
 * pool's generated username); the console's user id is the identity's `sub`.
 */
export class CognitoIdentityProvider implements IdentityProvider {
  private readonly client: SignedCognitoClient;

  constructor(private readonly opts: { userPoolId: string; region: string; endpoint?: string }) {
    this.client = clientFor(opts.region, opts.endpoint);
  }

  private async send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapError(error);
    }
  }

  async createUser(input: { email: string; roleClaim: string }): Promise<{ id: string }> {
    const out = await this.send(() =>
      this.client.send('AdminCreateUser', {
        UserPoolId: this.opts.userPoolId,
        Username: input.email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: ROLE_CLAIM, Value: input.roleClaim },
        ],
      }),
    );
    const sub = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? (await this.getUser(input.email))?.id;
    if (!sub) {
      await this.deleteUser(input.email);
      throw new Error('the identity provider did not return the new identity’s sub');
    }
    return { id: sub };
  }

  async getUser(email: string): Promise<Identity | undefined> {
    try {
      const out = await this.client.send('AdminGetUser', { UserPoolId: this.opts.userPoolId, Username: email });
      const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
      const id = attr('sub');
      if (!id) return undefined;
      const roleClaim = attr(ROLE_CLAIM);
      return { id, neverSignedIn: out.UserStatus === 'FORCE_CHANGE_PASSWORD', ...(roleClaim !== undefined ? { roleClaim } : {}) };
    } catch (error) {
      if (nameOf(error) === 'UserNotFoundException') return undefined;
      throw mapError(error);
    }
  }

  async setRoleClaim(email: string, roleClaim: string): Promise<void> {
    await this.send(() =>
      this.client.send('AdminUpdateUserAttributes', {
        UserPoolId: this.opts.userPoolId,
        Username: email,
        UserAttributes: [{ Name: ROLE_CLAIM, Value: roleClaim }],
      }),
    );
  }

  async deleteUser(email: string): Promise<void> {
    try {
      await this.client.send('AdminDeleteUser', { UserPoolId: this.opts.userPoolId, Username: email });
    } catch (error) {
      if (nameOf(error) !== 'UserNotFoundException') throw mapError(error);
    }
  }

  async resendInvitation(email: string): Promise<void> {
    await this.send(() =>
      this.client.send('AdminCreateUser', { UserPoolId: this.opts.userPoolId, Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
    );
  }
}

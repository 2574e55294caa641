import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeProtectedHeader, importJWK, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  COGNITO_LOCAL_KID,
  COGNITO_LOCAL_SIGNING_KEY_PATH,
  completeInvitation,
  createCognitoUser,
  latestTemporaryPassword,
  readOutbox,
  localCognitoClientConfig,
  signInWithPassword,
  startCognito,
  type LocalCognito,
} from '../../infra/local/emulators/cognito';

const EMAIL = 'operator@example.com';
const PASSWORD = 'Sup3r-secret!';

describe('local Cognito (cognito-local in process)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-cognito-'));
  let cognito: LocalCognito;
  let sub: string;

  beforeAll(async () => {
    cognito = await startCognito({ port: 0, dataDir });
    sub = await createCognitoUser(cognito, { email: EMAIL, password: PASSWORD, role: 'operator' });
  });
  afterAll(async () => {
    await cognito?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in with USER_PASSWORD_AUTH; tokens carry the issuer, audience and custom:roles, and verify against the JWKS', async () => {
    expect(cognito.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cognito.issuer).toBe(`${cognito.endpoint}/${cognito.userPoolId}`);
    const tokens = await signInWithPassword(cognito, EMAIL, PASSWORD);
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const id = await jwtVerify(tokens.idToken, jwks, { issuer: cognito.issuer, audience: cognito.clientId });
    expect(id.payload).toMatchObject({ sub, email: EMAIL, token_use: 'id', 'custom:roles': 'operator' });
    expect(id.protectedHeader.kid).toBe(COGNITO_LOCAL_KID);
    const access = await jwtVerify(tokens.accessToken, jwks, { issuer: cognito.issuer });
    expect(access.payload).toMatchObject({ sub, token_use: 'access', client_id: cognito.clientId });
  });

  it('serves a discovery document with the real issuer and JWKS URL', async () => {
    const doc = (await (await fetch(`${cognito.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    expect(doc.issuer).toBe(cognito.issuer);
    expect(doc.jwks_uri).toBe(cognito.jwksUrl);
  });

  it('answers GetTokensFromRefreshToken (Amplify refresh) with fresh tokens', async () => {
    const tokens = await signInWithPassword(cognito, EMAIL, PASSWORD);
    const client = new CognitoIdentityProviderClient(localCognitoClientConfig(cognito.endpoint));
    try {
      const out = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.refreshToken }));
      expect(out.AuthenticationResult?.TokenType).toBe('Bearer');
      expect(out.AuthenticationResult?.ExpiresIn).toBe(3600);
      const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
      const id = await jwtVerify(out.AuthenticationResult!.IdToken!, jwks, { issuer: cognito.issuer, audience: cognito.clientId });
      expect(id.payload.sub).toBe(sub);
      await jwtVerify(out.AuthenticationResult!.AccessToken!, jwks, { issuer: cognito.issuer });
      await expect(client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'not-a-token' }))).rejects.toBeInstanceOf(
        NotAuthorizedException,
      );
    } finally {
      client.destroy();
    }
  });

  it('createCognitoUser is idempotent and updates the role', async () => {
    const again = await createCognitoUser(cognito, { email: EMAIL, password: PASSWORD, role: 'admin' });
    expect(again).toBe(sub);
    const tokens = await signInWithPassword(cognito, EMAIL, PASSWORD);
    const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims['custom:roles']).toBe('admin');
  });

  it('a temporary password leads to a NEW_PASSWORD_REQUIRED challenge, not tokens', async () => {
    await createCognitoUser(cognito, { email: 'temp@example.com', password: 'Temp-passw0rd!', role: 'viewer', temporary: true });
    await expect(signInWithPassword(cognito, 'temp@example.com', 'Temp-passw0rd!')).rejects.toThrow(/NEW_PASSWORD_REQUIRED/);
  });

  it('keeps invitations in an outbox (GET /__local/messages?email=), resends them, and the temporary password leads to a new one', async () => {
    const client = new CognitoIdentityProviderClient(localCognitoClientConfig(cognito.endpoint));
    const email = 'invited@example.com';
    try {
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: cognito.userPoolId,
          Username: email,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'custom:roles', Value: 'viewer' },
          ],
        }),
      );
      expect(created.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
      expect(created.User?.UserCreateDate).toBeInstanceOf(Date);
      const [invitation] = await readOutbox(cognito.endpoint, 'INVITED@example.com');
      expect(invitation).toMatchObject({ source: 'AdminCreateUser', destination: email, deliveryMedium: 'EMAIL' });
      // Like Cognito's, the generated temporary password meets the pool policy (8+, upper, lower, digit, symbol).
      expect(invitation!.code).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/);
      expect(invitation!.message).toContain(invitation!.code);
      expect(await readOutbox(cognito.endpoint, 'nobody@example.com')).toEqual([]);

      await client.send(
        new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
      );
      const messages = await readOutbox(cognito.endpoint, email);
      expect(messages).toHaveLength(2);
      expect(messages[1]!.code).not.toBe(invitation!.code);
      expect(await latestTemporaryPassword(cognito.endpoint, email)).toBe(messages[1]!.code);
      await expect(signInWithPassword(cognito, email, invitation!.code)).rejects.toThrow();

      const tokens = await completeInvitation(cognito, email, messages[1]!.code, 'Brand-new-passw0rd!');
      expect(JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString())).toMatchObject({ email, 'custom:roles': 'viewer' });
      expect((await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }))).UserStatus).toBe('CONFIRMED');
      await expect(
        client.send(
          new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }),
        ),
      ).rejects.toMatchObject({ name: 'UnsupportedUserStateException' });
      await expect(
        client.send(new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: 'ghost@example.com', MessageAction: 'RESEND' })),
      ).rejects.toMatchObject({ name: 'UserNotFoundException' });
      await expect(client.send(new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: email }))).rejects.toMatchObject({
        name: 'UsernameExistsException',
      });
    } finally {
      client.destroy();
    }
  });

  it('allows browser CORS preflights from local origins with the SDK headers', async () => {
    const res = await fetch(`${cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['x-amz-target', 'x-amz-user-agent', 'cache-control', 'content-type']) expect(allowed).toContain(header);
  });

  it('exposes the signing key so tests can forge tokens; forged ones fail on exp/iss/aud', async () => {
    const key = JSON.parse(readFileSync(COGNITO_LOCAL_SIGNING_KEY_PATH, 'utf8')) as { jwk: Record<string, string> };
    const privateKey = await importJWK({ ...key.jwk, alg: 'RS256' }, 'RS256');
    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const forge = (claims: { iss: string; aud: string; exp: number }) =>
      new SignJWT({ sub, token_use: 'id', 'custom:roles': 'admin' })
        .setProtectedHeader({ alg: 'RS256', kid: COGNITO_LOCAL_KID })
        .setIssuer(claims.iss)
        .setAudience(claims.aud)
        .setIssuedAt()
        .setExpirationTime(claims.exp)
        .sign(privateKey);
    const now = Math.floor(Date.now() / 1000);
    const good = await forge({ iss: cognito.issuer, aud: cognito.clientId, exp: now + 600 });
    expect(decodeProtectedHeader(good).kid).toBe('CognitoLocal');
    await expect(jwtVerify(good, jwks, { issuer: cognito.issuer, audience: cognito.clientId })).resolves.toBeTruthy();
    const expired = await forge({ iss: cognito.issuer, aud: cognito.clientId, exp: now - 600 });
    await expect(jwtVerify(expired, jwks, { issuer: cognito.issuer, audience: cognito.clientId })).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    const wrongIss = await forge({ iss: 'http://127.0.0.1:1/other', aud: cognito.clientId, exp: now + 600 });
    await expect(jwtVerify(wrongIss, jwks, { issuer: cognito.issuer, audience: cognito.clientId })).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
    const wrongAud = await forge({ iss: cognito.issuer, aud: 'someone-else', exp: now + 600 });
    await expect(jwtVerify(wrongAud, jwks, { issuer: cognito.issuer, audience: cognito.clientId })).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
  });

  it('a restart on the same data folder reuses the pool, client and users', async () => {
    const before = { userPoolId: cognito.userPoolId, clientId: cognito.clientId };
    await cognito.stop();
    cognito = await startCognito({ port: 0, dataDir });
    expect({ userPoolId: cognito.userPoolId, clientId: cognito.clientId }).toEqual(before);
    const tokens = await signInWithPassword(cognito, EMAIL, PASSWORD);
    const id = await jwtVerify(tokens.idToken, createRemoteJWKSet(new URL(cognito.jwksUrl)), { issuer: cognito.issuer, audience: cognito.clientId });
    expect(id.payload.sub).toBe(sub);
  });
});

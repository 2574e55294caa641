/**
 * The users group administers the user pool without the Cognito client (functions/adapters/cognito/signed-client.ts):
 * each call must be the request the client signs, header for header and byte for byte, or Cognito would refuse it (the
 * local emulator does not check signatures); and Cognito's refusals must reach the adapter under the client's error
 * names, which it maps to the domain's.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from '@aws-sdk/client-cognito-identity-provider';
import { HttpResponse } from '@smithy/core/protocols';
import type { FinalizeRequestMiddleware } from '@smithy/types';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CognitoIdentityProvider } from '../../functions/adapters/cognito/identity-provider';
import { errorTypeOf, SignedCognitoClient, type CognitoOperation, type CognitoOperations } from '../../functions/adapters/cognito/signed-client';
import { DuplicateUserException, UserNotFoundException } from '../../functions/core/users/errors';

const NOW = new Date('2026-12-07T10:15:42.123Z');
const REGION = 'eu-west-1';
const POOL = 'eu-west-1_AbCdEfGhI';
const CREDENTIALS = {
  accessKeyId: 'ASIAEXAMPLEKEY123456',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEAEaCXVz/LWVhc3QtMSJHMEUCIQ+Dx40U4pfrX9Ob9==',
};
const EMAIL = 'zoë.o+test@example.com';

type Call = { [Op in CognitoOperation]: { operation: Op; input: CognitoOperations[Op]['input']; command: () => unknown } }[CognitoOperation];

/** Every call the identity provider makes, with the inputs it makes them with (its key order, not the model's). */
const CALLS: Call[] = [
  {
    operation: 'AdminCreateUser',
    input: {
      UserPoolId: POOL,
      Username: EMAIL,
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: EMAIL },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:roles', Value: '{"r":"MERCHANT_ADMIN","m":["M-1"]}' },
      ],
    },
    command: () => new AdminCreateUserCommand(CALLS[0]!.input as CognitoOperations['AdminCreateUser']['input']),
  },
  {
    operation: 'AdminCreateUser',
    input: { UserPoolId: POOL, Username: EMAIL, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] },
    command: () => new AdminCreateUserCommand(CALLS[1]!.input as CognitoOperations['AdminCreateUser']['input']),
  },
  { operation: 'AdminGetUser', input: { UserPoolId: POOL, Username: EMAIL }, command: () => new AdminGetUserCommand(CALLS[2]!.input) },
  {
    operation: 'AdminUpdateUserAttributes',
    input: { UserPoolId: POOL, Username: EMAIL, UserAttributes: [{ Name: 'custom:roles', Value: '{"r":"SUPER_ADMIN"}' }] },
    command: () => new AdminUpdateUserAttributesCommand(CALLS[3]!.input as CognitoOperations['AdminUpdateUserAttributes']['input']),
  },
  { operation: 'AdminDeleteUser', input: { UserPoolId: POOL, Username: EMAIL }, command: () => new AdminDeleteUserCommand(CALLS[4]!.input) },
];

interface Captured {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

/** What the client sends for a call (signed, SDK bookkeeping headers left out), captured instead of sent. */
async function clientRequest(endpoint: string | undefined, command: unknown): Promise<Captured> {
  const client = new CognitoIdentityProviderClient({ region: REGION, ...(endpoint ? { endpoint } : {}), credentials: CREDENTIALS, maxAttempts: 3 });
  let captured: Captured | undefined;
  client.middlewareStack.addRelativeTo(
    ((next) => (args) => {
      const headers = (args.request as { headers: Record<string, string> }).headers;
      for (const name of Object.keys(headers)) if (/^(amz-sdk-|x-amz-user-agent$|user-agent$)/.test(name)) delete headers[name];
      return next(args);
    }) satisfies FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes>,
    { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'dropSdkBookkeeping' },
  );
  client.middlewareStack.add(
    () => async (args) => {
      captured = args.request as Captured;
      return { response: { statusCode: 200, headers: {} }, output: { $metadata: {} } };
    },
    { step: 'finalizeRequest', priority: 'low', name: 'captureInsteadOfSending' },
  );
  await client.send(command as AdminGetUserCommand);
  return captured!;
}

/** The error the client raises for an answer (its protocol's error parsing, over a stub connection). */
async function clientError(status: number, headers: Record<string, string>, body: string): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    region: REGION,
    credentials: CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { handle: async () => ({ response: new HttpResponse({ statusCode: status, headers, body: Readable.from([Buffer.from(body)]) }) }) },
  });
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: POOL, Username: EMAIL }));
    return 'no error';
  } catch (error) {
    return (error as Error).name;
  }
}

const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-amz-json-1.1', ...headers } });

describe('Cognito admin calls signed without the Cognito client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  for (const endpoint of [undefined, 'http://127.0.0.1:9229'])
    for (const call of CALLS)
      it(`signs ${call.operation}${'MessageAction' in call.input ? ' (RESEND)' : ''} as the client does (${endpoint ?? 'AWS'})`, async () => {
        const reference = await clientRequest(endpoint, call.command());
        const mine = await new SignedCognitoClient({ region: REGION, endpoint, credentials: CREDENTIALS }).signedRequest(call.operation, call.input as never);
        expect({ method: mine.method, protocol: mine.protocol, hostname: mine.hostname, port: mine.port, path: mine.path, query: mine.query }).toEqual({
          method: reference.method,
          protocol: reference.protocol,
          hostname: reference.hostname,
          port: reference.port,
          path: reference.path,
          query: reference.query,
        });
        expect(mine.body).toBe(new TextDecoder().decode(reference.body as unknown as Uint8Array));
        const theirs = lower(reference.headers);
        expect(lower(mine.headers)).toEqual(theirs);
        expect(theirs['x-amz-target']).toBe(`AWSCognitoIdentityProviderService.${call.operation}`);
        expect(theirs['content-type']).toBe('application/x-amz-json-1.1');
        expect(theirs.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIAEXAMPLEKEY123456\/20261207\/eu-west-1\/cognito-idp\/aws4_request, /);
      });

  it('reads error types as the client does: __type, then code, then the header; namespace and suffix cut', async () => {
    const answers: Array<[number, Record<string, string>, unknown]> = [
      [400, {}, { __type: 'UsernameExistsException', message: 'User account already exists' }],
      [400, {}, { __type: 'com.amazonaws.cognito.identity.idp.model#UserNotFoundException', message: 'User does not exist.' }],
      [400, { 'x-amzn-errortype': 'InvalidParameterException:http://internal.amazon.com/coral/' }, { message: 'bad attribute' }],
      [400, {}, { __type: 'AliasExistsException', code: 'Other' }],
      [400, { 'x-amzn-errortype': 'Other' }, { Code: 'InvalidParameterException' }],
      [400, {}, { message: 'no type' }],
      [429, {}, { __type: 'TooManyRequestsException' }],
    ];
    for (const [status, headers, body] of answers) {
      const theirs = await clientError(status, headers, JSON.stringify(body));
      expect(errorTypeOf(new Headers(headers), body), JSON.stringify(body)).toBe(theirs);
    }
  });

  it('sends the signed call with fetch and answers its JSON', async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return json(200, { Username: 'a1b2', UserAttributes: [{ Name: 'sub', Value: 'a1b2' }], UserStatus: 'CONFIRMED' });
    });
    const client = new SignedCognitoClient({ region: REGION, credentials: CREDENTIALS });
    const out = await client.send('AdminGetUser', { UserPoolId: POOL, Username: EMAIL });
    expect(out.UserStatus).toBe('CONFIRMED');
    expect(sent[0]!.url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(sent[0]!.init.body).toBe(JSON.stringify({ UserPoolId: POOL, Username: EMAIL }));
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(Object.keys(headers)).not.toContain('host');
    expect(headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminGetUser');
  });

  it('the identity provider maps Cognito’s refusals to the domain’s, as with the client', async () => {
    const answers: Response[] = [];
    vi.stubGlobal('fetch', async () => answers.shift()!);
    const identity = new CognitoIdentityProvider({ userPoolId: POOL, region: 'eu-central-1', endpoint: 'http://127.0.0.1:1' });
    vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);

    answers.push(json(400, { __type: 'UsernameExistsException', message: 'User account already exists' }));
    await expect(identity.createUser({ email: EMAIL, roleClaim: '{}' })).rejects.toBeInstanceOf(DuplicateUserException);
    answers.push(json(400, { __type: 'AliasExistsException', message: 'An account with the email already exists.' }));
    await expect(identity.createUser({ email: EMAIL, roleClaim: '{}' })).rejects.toBeInstanceOf(DuplicateUserException);

    answers.push(json(400, { __type: 'UserNotFoundException', message: 'User does not exist.' }));
    expect(await identity.getUser(EMAIL)).toBeUndefined();
    answers.push(json(400, { __type: 'UserNotFoundException', message: 'User does not exist.' }));
    await expect(identity.setRoleClaim(EMAIL, '{}')).rejects.toBeInstanceOf(UserNotFoundException);
    answers.push(json(400, { __type: 'UserNotFoundException', message: 'User does not exist.' }));
    await expect(identity.deleteUser(EMAIL)).resolves.toBeUndefined();

    answers.push(json(400, { __type: 'InvalidParameterException', message: 'Invalid email address format.' }));
    await expect(identity.createUser({ email: EMAIL, roleClaim: '{}' })).rejects.toMatchObject({ code: 'InvalidUserAttributesException', kind: 'validation' });

    answers.push(json(400, { __type: 'NotAuthorizedException', message: 'User is disabled.' }));
    await expect(identity.resendInvitation(EMAIL)).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });

    answers.push(json(200, { User: { Username: 'u-1', Attributes: [{ Name: 'sub', Value: 'sub-1' }], UserStatus: 'FORCE_CHANGE_PASSWORD' } }));
    expect(await identity.createUser({ email: EMAIL, roleClaim: '{}' })).toEqual({ id: 'sub-1' });
    answers.push(
      json(200, {
        UserAttributes: [
          { Name: 'sub', Value: 'sub-1' },
          { Name: 'custom:roles', Value: '{"r":"x"}' },
        ],
        UserStatus: 'FORCE_CHANGE_PASSWORD',
      }),
    );
    expect(await identity.getUser(EMAIL)).toEqual({ id: 'sub-1', neverSignedIn: true, roleClaim: '{"r":"x"}' });
    expect(answers).toHaveLength(0);
  });

  it('retries throttling, 5xx and lost connections up to three attempts, and nothing else', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const answers: Array<Response | Error> = [];
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const identity = new CognitoIdentityProvider({ userPoolId: POOL, region: 'eu-central-1', endpoint: 'http://127.0.0.1:2' });
    vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);

    answers.push(json(400, { __type: 'TooManyRequestsException' }), json(503, {}), json(200, {}));
    await expect(identity.setRoleClaim(EMAIL, '{}')).resolves.toBeUndefined();
    expect(calls).toBe(3);

    calls = 0;
    answers.push(
      json(400, { __type: 'TooManyRequestsException' }),
      json(429, { __type: 'LimitExceededException' }),
      json(400, { __type: 'TooManyRequestsException' }),
    );
    await expect(identity.setRoleClaim(EMAIL, '{}')).rejects.toMatchObject({ code: 'IdentityServiceUnavailableException' });
    expect(calls).toBe(3);

    calls = 0;
    answers.push(new TypeError('fetch failed'), json(200, { UserAttributes: [{ Name: 'sub', Value: 's' }], UserStatus: 'CONFIRMED' }));
    expect(await identity.getUser(EMAIL)).toEqual({ id: 's', neverSignedIn: false });
    expect(calls).toBe(2);

    calls = 0;
    answers.push(json(400, { __type: 'UsernameExistsException' }));
    await expect(identity.createUser({ email: EMAIL, roleClaim: '{}' })).rejects.toBeInstanceOf(DuplicateUserException);
    expect(calls).toBe(1);
    expect(answers).toHaveLength(0);
  });
});

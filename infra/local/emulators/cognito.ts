/**
 * Local Cognito: cognito-local 5.3 in process, with the gaps that matter to the console fixed:
 * - tokens are issued by `http://127.0.0.1:<real port>/<poolId>` (its TokenConfig.IssuerDomain), and the
 *   discovery document answers that issuer and JWKS URL (it hard-codes localhost:9229);
 * - `GetTokensFromRefreshToken` (Amplify's refresh) is answered through REFRESH_TOKEN_AUTH;
 * - CORS preflights from local web origins allow the SDK's headers;
 * - an outbox instead of email: every message cognito-local would deliver (invitations with their
 *   temporary password, codes) is kept and answered by `GET /__local/messages?email=` (newest last), so
 *   tests read an invitation the way a user reads the email (`readOutbox`, `latestTemporaryPassword`); the
 *   local SES (ses.ts) puts alarm notification e-mails there too;
 * - `AdminCreateUser` with MessageAction RESEND (cognito-local refuses it) sends a new invitation with a
 *   new temporary password to a user who never signed in; generated temporary passwords satisfy the
 *   pool's password policy, as Cognito's do.
 * Data lives under `dataDir`; a second start finds the pool and client by name instead of creating more.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  RespondToAuthChallengeCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { readBody } from '../read-body';
import { localSes } from './ses';

const require = createRequire(import.meta.url);

/** The RSA private key cognito-local signs every token with (`jwk` and `pem` fields). */
export const COGNITO_LOCAL_SIGNING_KEY_PATH = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
/** The key id (`kid` header) of tokens cognito-local issues; its JWKS publishes the matching public key. */
export const COGNITO_LOCAL_KID = 'CognitoLocal';
/** The signing key itself: `pem` (PKCS#1 "RSA PRIVATE KEY") and `jwk` (RS256, kid CognitoLocal). */
export const COGNITO_LOCAL_SIGNING_KEY = require(COGNITO_LOCAL_SIGNING_KEY_PATH) as { pem: string; jwk: Record<string, string> };

export const DEFAULT_POOL_NAME = 'vending-console-local';
export const DEFAULT_CLIENT_NAME = 'vending-console-web';
export const ROLES_ATTRIBUTE = 'custom:roles';

export interface StartCognitoOptions {
  port?: number;
  /** Folder of cognito-local's data (user pools, clients). */
  dataDir: string;
  poolName?: string;
  clientName?: string;
  /** Where the local SES reports bounces and complaints (ses.ts): the SNS topic's subscriber in AWS. */
  sesFeedback?: (message: string) => Promise<void>;
}

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** `http://127.0.0.1:<port>/<userPoolId>`, equal to the `iss` claim of issued tokens. */
  issuer: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

/* cognito-local internals (CommonJS, untyped). */
interface CognitoCtx {
  logger: unknown;
}
type Route = (ctx: CognitoCtx, req: unknown) => Promise<Record<string, unknown>>;
interface CognitoLocalModules {
  pino: (options: { level: string }) => unknown;
  services: {
    DateClock: new () => unknown;
    TriggersService: new (clock: unknown, cognito: unknown, lambda: unknown, crypto: unknown) => unknown;
    LambdaService: new (config: unknown, lambda: unknown) => unknown;
  };
  cognitoService: {
    CognitoServiceFactoryImpl: new (dir: string, stores: unknown, pools: unknown) => { create(ctx: CognitoCtx, defaults: unknown): Promise<unknown> };
  };
  userPoolService: { UserPoolServiceFactoryImpl: new (clock: unknown, stores: unknown) => unknown };
  stormDb: { StormDBDataStoreFactory: new (dir: string) => unknown };
  otp: { otp: unknown };
  tokenGenerator: { JwtTokenGenerator: new (clock: unknown, triggers: unknown, config: unknown) => unknown };
  router: { Router: (services: unknown) => (target: string) => Route };
  server: { createServer: (router: unknown, logger: unknown, options: unknown, services: unknown) => { application: RequestListener } };
  errors: { CognitoError: new (...args: unknown[]) => Error & { code: string }; UserNotFoundError: new (message?: string) => Error };
  responses: { userToResponseObject: (user: CognitoLocalUser) => Record<string, unknown> };
}

interface CognitoLocalUser {
  Username: string;
  Password?: string;
  UserStatus?: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
  UserLastModifiedDate?: Date;
}
interface CognitoLocalUserPool {
  options: { Id: string };
  getUserByUsername(ctx: CognitoCtx, username: string): Promise<CognitoLocalUser | null>;
  saveUser(ctx: CognitoCtx, user: CognitoLocalUser): Promise<void>;
}

/** One message cognito-local delivered: what the user would find in their mailbox. */
export interface OutboxMessage {
  /** ISO time of delivery. */
  at: string;
  /** Why it was sent: `AdminCreateUser` (invitation, also on resend), `ForgotPassword`, `SignUp`, … */
  source: string;
  /** Where it went: the email address (or phone number). */
  destination: string;
  deliveryMedium: 'EMAIL' | 'SMS';
  /** The pool's username of the user (a UUID in an email-username pool). */
  username: string;
  /** The temporary password of an invitation, or the confirmation code. */
  code: string;
  subject: string;
  message: string;
}

function loadCognitoLocal(): CognitoLocalModules {
  const lib = (path: string) => require(`cognito-local/lib/${path}`) as never;
  const fromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));
  return {
    pino: fromCognitoLocal('pino') as never,
    services: lib('services'),
    cognitoService: lib('services/cognitoService'),
    userPoolService: lib('services/userPoolService'),
    stormDb: lib('services/dataStore/stormDb'),
    otp: lib('services/otp'),
    tokenGenerator: lib('services/tokenGenerator'),
    router: lib('server/Router'),
    server: lib('server/server'),
    errors: lib('errors'),
    responses: lib('targets/responses'),
  };
}

export function localCognitoClientConfig(endpoint: string): CognitoIdentityProviderClientConfig {
  return { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
}

/** A temporary password that satisfies the pool's policy (8+ characters, upper, lower, digit, symbol), as Cognito's do. */
export function temporaryPassword(): string {
  return `Tmp-${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}9a`;
}

/** The messages the local Cognito delivered to `email`, newest last (the local stand-in for the mailbox). */
export async function readOutbox(endpoint: string, email: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${endpoint}/__local/messages?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`local Cognito outbox answered ${res.status}`);
  return (await res.json()) as OutboxMessage[];
}

/** The temporary password of the newest invitation to `email`; fails when none was sent. */
export async function latestTemporaryPassword(endpoint: string, email: string): Promise<string> {
  const invitation = (await readOutbox(endpoint, email)).filter((m) => m.source === 'AdminCreateUser').at(-1);
  if (!invitation) throw new Error(`no invitation was sent to ${email}`);
  return invitation.code;
}

const LOCAL_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;
const DEFAULT_ALLOWED_HEADERS =
  'content-type, x-amz-target, x-amz-user-agent, cache-control, authorization, x-amz-date, x-amz-security-token, amz-sdk-invocation-id, amz-sdk-request';

function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export async function startCognito(options: StartCognitoOptions): Promise<LocalCognito> {
  const dataDir = options.dataDir;
  mkdirSync(dataDir, { recursive: true });
  const m = loadCognitoLocal();

  let application: RequestListener | undefined;
  let route: ((target: string) => Route) | undefined;
  let userPoolOf: ((id: string) => Promise<CognitoLocalUserPool>) | undefined;
  const outbox: OutboxMessage[] = [];
  /** Stands in for cognito-local's MessagesService (no CustomMessage triggers locally): keeps each message. */
  const messages = {
    deliver: async (
      _ctx: CognitoCtx,
      source: string,
      _clientId: unknown,
      _poolId: string,
      user: CognitoLocalUser,
      code: string,
      _meta: unknown,
      details: { DeliveryMedium: 'EMAIL' | 'SMS'; Destination: string },
    ) => {
      const invitation = source === 'AdminCreateUser';
      const destination = details.Destination;
      outbox.push({
        at: new Date().toISOString(),
        source,
        destination,
        deliveryMedium: details.DeliveryMedium,
        username: user.Username,
        code,
        subject: invitation ? 'Your temporary password' : 'Your verification code',
        message: invitation ? `Your username is ${destination} and temporary password is ${code}.` : `Your verification code is ${code}.`,
      });
      if (outbox.length > 10_000) outbox.splice(0, outbox.length - 10_000);
    },
  };
  const logger = m.pino({ level: 'silent' });
  const ses = localSes((message) => {
    outbox.push(message);
    if (outbox.length > 10_000) outbox.splice(0, outbox.length - 10_000);
  }, options.sesFeedback);

  const send = (res: ServerResponse, status: number, body: unknown, origin?: string) => {
    const text = JSON.stringify(body);
    res.statusCode = status;
    res.setHeader('content-type', 'application/x-amz-json-1.1');
    res.setHeader('content-length', Buffer.byteLength(text));
    if (origin) res.setHeader('access-control-allow-origin', LOCAL_ORIGIN.test(origin) ? origin : '*');
    res.end(text);
  };

  /** AdminCreateUser RESEND: a new temporary password, mailed again, only while the user never signed in. */
  const resend = async (body: { UserPoolId?: string; Username?: string; TemporaryPassword?: string }) => {
    const ctx: CognitoCtx = { logger };
    const pool = await userPoolOf!(String(body.UserPoolId));
    const user = await pool.getUserByUsername(ctx, String(body.Username));
    if (!user) throw new m.errors.UserNotFoundError('User does not exist.');
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw new m.errors.CognitoError('UnsupportedUserStateException', 'Resend not possible. User is not in FORCE_CHANGE_PASSWORD state.');
    }
    const password = body.TemporaryPassword ?? temporaryPassword();
    const updated = { ...user, Password: password, UserLastModifiedDate: new Date() };
    await pool.saveUser(ctx, updated);
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    if (email)
      await messages.deliver(ctx, 'AdminCreateUser', null, pool.options.Id, updated, password, undefined, { DeliveryMedium: 'EMAIL', Destination: email });
    return { User: m.responses.userToResponseObject(updated) };
  };

  let port = 0;
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');

    if (req.method === 'OPTIONS' && origin && LOCAL_ORIGIN.test(origin)) {
      res.statusCode = 204;
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
      res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
      const requested = req.headers['access-control-request-headers'];
      res.setHeader('access-control-allow-headers', typeof requested === 'string' && requested ? requested : DEFAULT_ALLOWED_HEADERS);
      res.setHeader('access-control-max-age', '86400');
      res.setHeader('content-length', '0');
      res.end();
      return;
    }

    if (await ses(req, res, url.pathname)) return;

    if (req.method === 'GET' && url.pathname === '/__local/messages') {
      const email = url.searchParams.get('email')?.toLowerCase();
      const text = JSON.stringify(email ? outbox.filter((m) => m.destination.toLowerCase() === email) : outbox);
      res.statusCode = 200;
      res.setHeader('content-type', 'application/json');
      if (origin) res.setHeader('access-control-allow-origin', LOCAL_ORIGIN.test(origin) ? origin : '*');
      res.end(text);
      return;
    }

    const discovery = /^\/([^/]+)\/\.well-known\/openid-configuration$/.exec(url.pathname);
    if (req.method === 'GET' && discovery) {
      const issuer = `http://127.0.0.1:${port}/${discovery[1]}`;
      const text = JSON.stringify({
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        authorization_endpoint: `http://127.0.0.1:${port}/oauth2/authorize`,
        token_endpoint: `http://127.0.0.1:${port}/oauth2/token`,
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'token'],
        subject_types_supported: ['public'],
      });
      res.statusCode = 200;
      res.setHeader('content-type', 'application/json');
      if (origin) res.setHeader('access-control-allow-origin', '*');
      res.end(text);
      return;
    }

    const target = req.headers['x-amz-target'];
    if (req.method === 'POST' && typeof target === 'string' && target.endsWith('.GetTokensFromRefreshToken') && route) {
      let body: { RefreshToken?: string; ClientId?: string };
      try {
        body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as typeof body;
      } catch {
        send(res, 400, { __type: 'SerializationException', message: 'Invalid JSON' }, origin);
        return;
      }
      try {
        const output = await route('InitiateAuth')(
          { logger },
          { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: body.ClientId, AuthParameters: { REFRESH_TOKEN: body.RefreshToken } },
        );
        const result = (output.AuthenticationResult ?? {}) as { AccessToken?: string; IdToken?: string };
        const claims = result.AccessToken ? decodeJwtPayload(result.AccessToken) : {};
        const expiresIn = typeof claims.exp === 'number' && typeof claims.iat === 'number' ? claims.exp - claims.iat : 3600;
        send(
          res,
          200,
          { AuthenticationResult: { AccessToken: result.AccessToken, IdToken: result.IdToken, ExpiresIn: expiresIn, TokenType: 'Bearer' } },
          origin,
        );
      } catch (err) {
        if (err instanceof m.errors.CognitoError) send(res, 400, { __type: err.code, message: err.message }, origin);
        else send(res, 500, { __type: 'InternalErrorException', message: String((err as Error)?.message ?? err) }, origin);
      }
      return;
    }

    if (req.method === 'POST' && typeof target === 'string' && target.endsWith('.AdminCreateUser') && route && userPoolOf) {
      let body: Record<string, unknown> & { UserPoolId?: string; Username?: string; MessageAction?: string; TemporaryPassword?: string };
      try {
        body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as typeof body;
      } catch {
        send(res, 400, { __type: 'SerializationException', message: 'Invalid JSON' }, origin);
        return;
      }
      try {
        const output =
          body.MessageAction === 'RESEND'
            ? await resend(body)
            : await route('AdminCreateUser')({ logger }, { ...body, TemporaryPassword: body.TemporaryPassword ?? temporaryPassword() });
        // The SDK reads timestamps as epoch seconds (cognito-local's server does the same).
        const text = JSON.stringify(output, function (this: Record<string, unknown>, key, value) {
          return this[key] instanceof Date ? Math.floor((this[key] as Date).getTime() / 1000) : value;
        });
        res.statusCode = 200;
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        if (origin) res.setHeader('access-control-allow-origin', LOCAL_ORIGIN.test(origin) ? origin : '*');
        res.end(text);
      } catch (err) {
        if (err instanceof m.errors.CognitoError) send(res, 400, { __type: err.code, message: err.message }, origin);
        else send(res, 500, { __type: 'InternalErrorException', message: String((err as Error)?.message ?? err) }, origin);
      }
      return;
    }

    if (!application) {
      send(res, 503, { message: 'starting' }, origin);
      return;
    }
    application(req, res);
  };

  const sockets = new Set<Socket>();
  const server = createServer({ keepAlive: true, noDelay: true }, (req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { message: String((err as Error)?.message ?? err) });
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;

  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  try {
    // The same wiring as cognito-local's createDefaultServer, with our data folder and issuer.
    const ctx: CognitoCtx = { logger };
    const tokenConfig = { IssuerDomain: endpoint };
    const clock = new m.services.DateClock();
    const stores = new m.stormDb.StormDBDataStoreFactory(dataDir);
    const cognitoFactory = new m.cognitoService.CognitoServiceFactoryImpl(dataDir, stores, new m.userPoolService.UserPoolServiceFactoryImpl(clock, stores));
    const cognito = (await cognitoFactory.create(ctx, { UsernameAttributes: ['email'] })) as {
      getUserPool(ctx: CognitoCtx, id: string): Promise<CognitoLocalUserPool>;
    };
    userPoolOf = (id) => cognito.getUserPool(ctx, id);
    // No Lambda triggers and no KMS locally: stand-ins instead of aws-sdk v2 clients.
    const triggers = new m.services.TriggersService(clock, cognito, new m.services.LambdaService({}, {}), {});
    const services = {
      clock,
      cognito,
      config: { TokenConfig: tokenConfig, TriggerFunctions: {}, UserPoolDefaults: { UsernameAttributes: ['email'] } },
      messages,
      otp: m.otp.otp,
      tokenGenerator: new m.tokenGenerator.JwtTokenGenerator(clock, triggers, tokenConfig),
      triggers,
    };
    route = m.router.Router(services);
    application = m.server.createServer(route, logger, { port, hostname: '127.0.0.1', development: false, https: false }, services).application;

    const { userPoolId, clientId } = await ensurePoolAndClient(endpoint, options.poolName ?? DEFAULT_POOL_NAME, options.clientName ?? DEFAULT_CLIENT_NAME);
    const issuer = `${endpoint}/${userPoolId}`;
    return { endpoint, userPoolId, clientId, issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function ensurePoolAndClient(endpoint: string, poolName: string, clientName: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient(localCognitoClientConfig(endpoint));
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: poolName,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Schema: [
            { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
            { Name: 'roles', AttributeDataType: 'String', Mutable: true },
          ],
        }),
      );
      userPoolId = created.UserPool?.Id;
      if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
    }
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === clientName)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: clientName,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
          AccessTokenValidity: 1,
          IdTokenValidity: 1,
          RefreshTokenValidity: 30,
          TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
        }),
      );
      clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('cognito-local did not return a client id');
    }
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}

export interface CreateCognitoUserInput {
  email: string;
  password: string;
  /** Stored in `custom:roles`. */
  role: string;
  /** true = the password is temporary (FORCE_CHANGE_PASSWORD). */
  temporary?: boolean;
}

/** Creates (or updates the role of) a user; returns its `sub`. */
export async function createCognitoUser(pool: { endpoint: string; userPoolId: string }, input: CreateCognitoUserInput): Promise<string> {
  const client = new CognitoIdentityProviderClient(localCognitoClientConfig(pool.endpoint));
  try {
    const getSub = async (): Promise<string | undefined> => {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: input.email }));
        return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      } catch (err) {
        if (err instanceof UserNotFoundException) return undefined;
        throw err;
      }
    };
    let sub = await getSub();
    if (sub) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: pool.userPoolId,
          Username: input.email,
          UserAttributes: [{ Name: ROLES_ATTRIBUTE, Value: input.role }],
        }),
      );
    } else {
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          Username: input.email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: input.password,
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: ROLES_ATTRIBUTE, Value: input.role },
          ],
        }),
      );
      sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? (await getSub());
      if (!sub) throw new Error(`cognito-local did not return a sub for ${input.email}`);
    }
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: pool.userPoolId,
        Username: input.email,
        Password: input.password,
        Permanent: !input.temporary,
      }),
    );
    return sub;
  } finally {
    client.destroy();
  }
}

export interface CognitoTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** USER_PASSWORD_AUTH sign-in (what the app uses instead of SRP). */
export async function signInWithPassword(app: { endpoint: string; clientId: string }, email: string, password: string): Promise<CognitoTokens> {
  const client = new CognitoIdentityProviderClient(localCognitoClientConfig(app.endpoint));
  try {
    const out = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: app.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    const result = out.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) {
      throw new Error(`sign-in for ${email} did not complete${out.ChallengeName ? ` (challenge ${out.ChallengeName})` : ''}`);
    }
    return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } finally {
    client.destroy();
  }
}

/**
 * First sign-in of an invited user: the temporary password leads to NEW_PASSWORD_REQUIRED, answered with
 * `newPassword` (what the console's new-password form does). Returns the tokens.
 */
export async function completeInvitation(
  app: { endpoint: string; clientId: string },
  email: string,
  temporaryPassword: string,
  newPassword: string,
): Promise<CognitoTokens> {
  const client = new CognitoIdentityProviderClient(localCognitoClientConfig(app.endpoint));
  try {
    const started = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: app.clientId, AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword } }),
    );
    if (started.ChallengeName !== 'NEW_PASSWORD_REQUIRED')
      throw new Error(`expected NEW_PASSWORD_REQUIRED for ${email}, got ${started.ChallengeName ?? 'tokens'}`);
    const out = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: app.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? email, NEW_PASSWORD: newPassword },
      }),
    );
    const result = out.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error(`new-password challenge for ${email} did not complete`);
    return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } finally {
    client.destroy();
  }
}

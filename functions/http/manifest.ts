import type * as z from 'zod/mini';
import type { FeatureFlag } from '#schemas/features';
import type { Role } from '#schemas/roles';
import type { Principal } from '../core/shared/principal';
import type { FunctionAccess } from '../runtime/access';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteRequest<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  headers: Record<string, string | undefined>;
  correlationId: string;
}

/** What the handler of a public route gets: the parsed request and its group's dependencies (its deps.ts), no principal. */
export interface PublicRouteContext<P, Q, B, D> extends RouteRequest<P, Q, B> {
  deps: D;
}

/** What the handler of a signed-in route gets: also the caller, whose role the route allows. */
export interface RouteContext<P, Q, B, D> extends PublicRouteContext<P, Q, B, D> {
  principal: Principal;
}

/** What a handler may return instead of a plain JSON body: another status, headers, or a non-JSON body. */
export interface RawResult {
  raw: true;
  status?: number;
  headers?: Record<string, string>;
  body: string;
  /** `body` is base64 of binary content (gzippedAttachment). */
  isBase64Encoded?: boolean;
}

/** A download: `body` as the attachment `fileName`, never cached (CSV exports, DEX files). */
export function attachment(fileName: string, body: string, contentType = 'text/csv'): RawResult {
  return {
    raw: true,
    headers: { 'content-type': `${contentType}; charset=utf-8`, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
    body,
  };
}

/** A 302 to where the file is (a presigned GET): downloads of stored files never pass through the function. */
export function redirect(location: string): RawResult {
  return { raw: true, status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' };
}

type Schema<T> = z.ZodMiniType<T, unknown>;

/**
 * Error answers of a route beyond those every route of its kind gives (400 with a request part, 401 and 403
 * unless public, 404 with a path id, 413 with a body, 500): the status and the spec's codes the caller may
 * get, e.g. `{ 409: ['ClientInUseException'] }` (401 and 403 only on public routes that check their own credentials). The OpenAPI document lists them.
 */
export type RouteErrors = { readonly [S in 400 | 401 | 403 | 404 | 409 | 410 | 413 | 503]?: readonly string[] };

/**
 * Where a route names the merchant its feature is checked for (functions/http/feature-gate.ts): `machine` is the
 * serial `{id}` of the path, or `serial` of the body when the path has none.
 */
export type FeatureMerchantSource = 'path' | 'machine' | 'query' | 'body';

/** Who calls a public route with the merchant's API token, as the audit trail names it. */
export type TokenCaller = 'apiToken' | 'paymentService';

interface RouteDeclaration<P, Q, B, R> {
  /** Stable operation id: `<group>.<action>`. */
  id: string;
  method: Method;
  /** Path under /api/v1, API Gateway style parameters: `/merchants/{id}`. */
  path: string;
  summary: string;
  /** `headers`: request headers the route reads (lower-case names), checked like the other parts. */
  request?: { params?: Schema<P>; query?: Schema<Q>; body?: Schema<B>; headers?: Schema<unknown> };
  /** Response body schema; null for 204 and 302. */
  response: Schema<R> | null;
  /** Success status, 200 unless said; 302 answers `redirect(...)`. */
  status?: 200 | 201 | 202 | 204 | 302;
  /** Another success status the handler answers with the same body (a raw result), e.g. 200 when a create finds it done. */
  alsoStatus?: 200 | 201;
  /** Content type of a raw (non-JSON) success body, e.g. text/csv; documented in OpenAPI. */
  produces?: string;
  /** A raw body meant to be shown (an image), not a download: it comes without content-disposition. */
  inline?: true;
  /** The body may also come as a CSV document (Content-Type text/csv): its text reaches the body schema as `{ csv }`. */
  csvBody?: true;
  /** Largest JSON body this route accepts, when it needs more than MAX_BODY_BYTES (at most the local server's 1 MB). */
  maxBodyBytes?: number;
  errors?: RouteErrors;
  /**
   * The merchant feature (spec §1) the route needs: for a merchant without it the API answers the feature's coded 403
   * (core/merchants/feature-gate.ts), the super admin included, and the console hides what belongs to it.
   */
  feature?: FeatureFlag;
  /**
   * Where the merchant of `feature` is, when the path does not say it: derived as `path` for /merchants/{id}…,
   * `machine` (the registration of the serial `{id}`, in the caller's scope) for /pos/{id}…, else `query` (`merchantId`).
   */
  featureMerchant?: FeatureMerchantSource;
  /**
   * A feature only some requests need, by the value of a body field: e.g. `{ field: 'type', features: { 13:
   * 'REMOTE_CONFIGURATIONS' } }`, the remote command types that send a configuration. Enforced and documented as `feature`.
   */
  featureByBody?: { field: string; features: Readonly<Record<string, FeatureFlag>> };
  /**
   * A public route authenticated by the merchant's API token (header x-api-token; its use case answers 401 without the
   * right one), and who the audit trail names as its caller. With `feature`, the gate checks the token's merchant: the
   * one of the machine `{id}` (…/pos/{id}…), else the merchant `{id}`; a token that does not match passes on to the 401.
   */
  tokenCaller?: TokenCaller;
}

/** A route anyone may call (no token): its handler has no principal. */
export interface PublicRoute<P = unknown, Q = unknown, B = unknown, R = unknown, D = unknown> extends RouteDeclaration<P, Q, B, R> {
  roles: 'public';
  handler: (ctx: PublicRouteContext<P, Q, B, D>) => Promise<R | RawResult>;
}

/** A route for signed-in users of the listed roles: its handler gets the principal. */
export interface SignedInRoute<P = unknown, Q = unknown, B = unknown, R = unknown, D = unknown> extends RouteDeclaration<P, Q, B, R> {
  roles: readonly Role[];
  handler: (ctx: RouteContext<P, Q, B, D>) => Promise<R | RawResult>;
}

/**
 * One /api/v1 route, declared once. The list of them drives the group's Lambda router, the local HTTP
 * server, the CDK HttpApi routes, the OpenAPI document and the authorization matrix test.
 */
export type Route<P = unknown, Q = unknown, B = unknown, R = unknown, D = unknown> = PublicRoute<P, Q, B, R, D> | SignedInRoute<P, Q, B, R, D>;

declare const needs: unique symbol;

/**
 * A route of a group whose handlers need deps `D`: the route's own types are erased (so a group's routes fit
 * in one list) but `D` is kept, so that `createGroupHandler` refuses at compile time deps that lack what a
 * route needs. The marker exists only in types.
 */
export type GroupRoute<D> = Route & { readonly [needs]?: (deps: D) => void };

/**
 * The `route` of a group whose handlers get deps `D`: checks each route with its own type parameters while
 * collecting them in a list. Each group's routes.ts starts with `const route = routeFor<ItsGroupDeps>();`.
 */
export function routeFor<D>() {
  return <P, Q, B, R, const A extends Access>(r: RouteDeclaration<P, Q, B, R> & { roles: A; handler: Handler<A, P, Q, B, R, D> }): GroupRoute<D> =>
    r as unknown as GroupRoute<D>;
}

type Access = readonly Role[] | 'public';
/** A public route's handler has no principal; every other one has. */
type Handler<A extends Access, P, Q, B, R, D> = (ctx: A extends 'public' ? PublicRouteContext<P, Q, B, D> : RouteContext<P, Q, B, D>) => Promise<R | RawResult>;

export interface RouteGroup {
  /** Lambda name part and folder under functions/api. */
  name: string;
  /** What the group's routes are about (the OpenAPI tag's description). */
  description: string;
  routes: Route[];
  /** What the group's deps reach (its deps.ts): the CDK grants of its function. */
  access: FunctionAccess;
}

export const API_PREFIX = '/api/v1';

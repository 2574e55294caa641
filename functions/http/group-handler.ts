import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { withChangeRecorder, type ChangeRecorder } from '../core/audit/change-recorder';
import { DomainError } from '../core/shared/domain-error';
import type { Principal } from '../core/shared/principal';
import { loadPrincipal } from './auth/load-principal';
import { verifyIdToken } from './auth/verify-token';
import type { AuthDeps, PublicDeps } from '../runtime/base-deps';
import { logger } from '../runtime/logger';
import { OperatorMetrics } from '../runtime/metrics';
import { auditTrail } from './audit-trail';
import { toErrorResponse, zodDetails } from './error-mapping';
import { featureGate } from './feature-gate';
import type { HttpEvent, HttpResult } from './event';
import { API_PREFIX, type GroupRoute, type RawResult, type Route } from './manifest';
import { recordRequest } from './request-log';

// zod/mini ships without messages; validation answers name the problem in English.
z.config(en());

/** Largest JSON body a route accepts; API Gateway would take more, no route needs it. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Per-request state, on the context the chain and the handler receive: each step fills its part. */
export interface RequestState {
  correlationId: string;
  startedAt: number;
  /** Set by `resolveRoute` (404 without one). */
  route?: Route;
  /** Set by `authorize` on a route that is not public (also when the route refuses the caller's role). */
  principal?: Principal;
  /** Set by `auditTrail` on a mutating call: what its use cases record as changed. */
  changes?: ChangeRecorder;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** The Lambda context of an API request, with its state. */
export interface HttpContext extends Context {
  readonly http: RequestState;
}

/** A step of the group handler's chain (authorization, validation; later feature flags, audit). */
export type HttpMiddleware = MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext>;
type Request = middy.Request<HttpEvent, HttpResult, Error, HttpContext>;

/** The route of the request: every step after `resolveRoute` has one. */
export function routeOf(http: RequestState): Route {
  if (!http.route) throw new Error('the route is read before resolveRoute ran');
  return http.route;
}

class HttpFailure extends DomainError {}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Finds the manifest route of the event. */
function resolveRoute(table: Map<string, Route>): HttpMiddleware {
  return {
    before: ({ event, context: { http } }) => {
      http.route = table.get(event.routeKey);
      if (!http.route) throw new HttpFailure('RouteNotFoundException', 'not-found', `No route ${event.routeKey}`);
    },
  };
}

/** The invocation's log context, then one log line and the API metrics per request; outermost, so it sees the final answer. */
function observe(metrics: OperatorMetrics): HttpMiddleware {
  const done = (request: Request) => {
    const { http } = request.context;
    recordRequest(metrics, request.context, {
      routeId: http.route?.id,
      method: request.event.requestContext.http.method,
      status: request.response?.statusCode ?? 500,
      durationMs: Math.round(performance.now() - http.startedAt),
      error: request.error ?? undefined,
    });
  };
  return {
    before: (request) => {
      logger.startInvocation(request.context);
      logger.setCorrelationId(request.context.http.correlationId);
    },
    after: done,
    onError: done,
  };
}

/** 401 without a valid ID token, 403 without a console role or with a role the route does not allow. */
function authorize(deps: () => PublicDeps & Partial<AuthDeps>): HttpMiddleware {
  return {
    before: async (request) => {
      const route = routeOf(request.context.http);
      if (route.roles === 'public') return;
      const { config, users } = deps();
      if (!users) throw new Error(`route ${route.id} needs authorization, but its group's deps have no user records`);
      const claims = await verifyIdToken(request.event.headers.authorization, config.cognito);
      const principal = await loadPrincipal(claims, config, users);
      request.context.http.principal = principal;
      if (!route.roles.includes(principal.role)) throw new HttpFailure('ForbiddenException', 'forbidden', 'Your role may not do this');
    },
  };
}

/** JSON bodies only for routes that declare one (or CSV text where a route takes it): size limit, content type, well-formed JSON. */
function jsonBody(): HttpMiddleware {
  const parser = httpJsonBodyParser();
  return {
    before: async (request) => {
      const route = routeOf(request.context.http);
      if (!route.request?.body) return;
      const raw = request.event.body ?? '';
      const bytes = request.event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      const limit = route.maxBodyBytes ?? MAX_BODY_BYTES;
      if (bytes > limit) throw new HttpFailure('PayloadTooLargeException', 'too-large', `Request body exceeds ${limit / 1024} KB`);
      const contentType = request.event.headers['content-type'] ?? '';
      if (route.csvBody && /^text\/csv($|;)/i.test(contentType)) {
        const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
        if (text.trim() === '')
          throw new HttpFailure('ValidationException', 'validation', 'A request body is required', [{ path: 'body', message: 'required' }]);
        (request.event as { body: unknown }).body = { csv: text };
        return;
      }
      if (!/^application\/(.+\+)?json($|;)/i.test(contentType)) {
        throw new HttpFailure('UnsupportedContentTypeException', 'validation', 'Content-Type must be application/json');
      }
      if (raw.trim() === '') throw new HttpFailure('ValidationException', 'validation', 'A request body is required', [{ path: 'body', message: 'required' }]);
      try {
        await parser.before!(request as never);
      } catch {
        throw new HttpFailure('MalformedJsonException', 'validation', 'The request body is not valid JSON');
      }
    },
  };
}

function parsePart(schema: z.ZodMiniType | undefined, value: unknown, part: string): unknown {
  if (!schema) return value;
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpFailure('ValidationException', 'validation', 'The request is not valid', zodDetails(result.error, part));
  return result.data;
}

/** Path parameters, query, body and declared headers checked against the route's zod schemas (strict bodies). */
function validate(): HttpMiddleware {
  return {
    before: (request) => {
      const state = request.context.http;
      const schemas = routeOf(request.context.http).request ?? {};
      state.params = parsePart(schemas.params, request.event.pathParameters ?? {}, 'params');
      state.query = parsePart(schemas.query, request.event.queryStringParameters ?? {}, 'query');
      state.body = parsePart(schemas.body, request.event.body, 'body');
      parsePart(schemas.headers, request.event.headers, 'headers');
    },
  };
}

function errorResponse(): HttpMiddleware {
  return {
    onError: (request) => {
      const { correlationId } = request.context.http;
      const { status, body } = toErrorResponse(request.error, correlationId);
      request.response = { statusCode: status, headers: { ...JSON_HEADERS, 'x-correlation-id': correlationId }, body: JSON.stringify(body) };
    },
  };
}

const isRaw = (value: unknown): value is RawResult => typeof value === 'object' && value !== null && (value as RawResult).raw === true;

/** Runs the request's route with what the chain established: a public route's handler gets no principal. */
async function dispatch(event: HttpEvent, { http }: HttpContext, deps: PublicDeps): Promise<HttpResult> {
  const route = routeOf(http);
  const request = { params: http.params, query: http.query, body: http.body, headers: event.headers, correlationId: http.correlationId, deps };
  let result: unknown;
  if (route.roles === 'public') result = await route.handler(request);
  else {
    if (!http.principal) throw new Error(`route ${route.id} ran without a principal`);
    result = await route.handler({ ...request, principal: http.principal });
  }
  const headers = { 'x-correlation-id': http.correlationId };
  if (isRaw(result))
    return {
      statusCode: result.status ?? route.status ?? 200,
      headers: { ...headers, ...result.headers },
      body: result.body,
      ...(result.isBase64Encoded ? { isBase64Encoded: true } : {}),
    };
  const status = route.status ?? 200;
  if (status === 204) return { statusCode: 204, headers, body: '' };
  return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(result) };
}

/**
 * The Lambda handler of one route group: routes the API Gateway event by its routeKey to the manifest
 * entry, after authentication, authorization and validation, and maps every failure in one place. `deps`
 * is the group's own (its deps.ts), built on first use; every route must be content with them (checked by
 * tsc: a group wired to another group's deps does not compile). A new step of the chain goes into `chain`.
 */
export function createGroupHandler<D extends PublicDeps & Partial<AuthDeps>>(routes: readonly GroupRoute<NoInfer<D>>[], deps: () => D) {
  const table = new Map<string, Route>(routes.map((r) => [`${r.method} ${API_PREFIX}${r.path}`, r]));
  const chain: HttpMiddleware[] = [
    observe(new OperatorMetrics()),
    auditTrail(),
    errorResponse(),
    resolveRoute(table),
    authorize(deps),
    jsonBody(),
    validate(),
    featureGate(deps),
  ];
  const handler = middy<HttpEvent, HttpResult, Error, HttpContext>()
    .use(chain)
    .handler((event, context) =>
      context.http.changes ? withChangeRecorder(context.http.changes, () => dispatch(event, context, deps())) : dispatch(event, context, deps()),
    );
  return (event: HttpEvent, context: Context): Promise<HttpResult> => {
    const correlationId = event.headers['x-correlation-id']?.slice(0, 100) || event.requestContext.requestId;
    const http: RequestState = { correlationId, startedAt: performance.now(), params: {}, query: {}, body: undefined };
    return handler(event, { ...context, http });
  };
}

import middy, { type MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { DomainError } from '../core/shared/domain-error';
import type { Principal } from '../core/shared/principal';
import { loadPrincipal } from './auth/load-principal';
import { verifyIdToken } from './auth/verify-token';
import type { AuthDeps, PublicDeps } from '../runtime/base-deps';
import { logger } from '../runtime/logger';
import { OperatorMetrics } from '../runtime/metrics';
import { toErrorResponse, zodDetails } from './error-mapping';
import { featureGate } from './feature-gate';
import type { HttpEvent, HttpResult } from './event';
import { API_PREFIX, type RawResult, type Route } from './manifest';
import { recordRequest } from './request-log';

// zod/mini ships without messages; validation answers name the problem in English.
z.config(en());

/** Largest JSON body a route accepts; API Gateway would take more, no route needs it. */
export const MAX_BODY_BYTES = 256 * 1024;

interface RequestState {
  route: Route;
  correlationId: string;
  principal?: Principal;
  params: unknown;
  query: unknown;
  body: unknown;
}

type Request = middy.Request<HttpEvent, HttpResult, Error, Context>;
const states = new WeakMap<HttpEvent, RequestState>();
const stateOf = (request: Request) => states.get(request.event)!;

class HttpFailure extends DomainError {}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Finds the manifest route of the event and gives the request its correlation id. */
function resolveRoute(table: Map<string, Route>): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: (request) => {
      const event = request.event;
      const correlationId = event.headers['x-correlation-id']?.slice(0, 100) || event.requestContext.requestId;
      const route = table.get(event.routeKey);
      logger.setCorrelationId(correlationId);
      states.set(event, { route: route!, correlationId, params: {}, query: {}, body: undefined });
      if (!route) throw new HttpFailure('RouteNotFoundException', 'not-found', `No route ${event.routeKey}`);
    },
  };
}

/** The invocation's log context, then one log line and the API metrics per request; outermost, so it sees the final answer. */
function observe(metrics: OperatorMetrics): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  const started = new WeakMap<HttpEvent, number>();
  const done = (request: Request) => {
    recordRequest(metrics, request.context, {
      routeId: states.get(request.event)?.route?.id,
      method: request.event.requestContext.http.method,
      status: request.response?.statusCode ?? 500,
      durationMs: Math.round(performance.now() - (started.get(request.event) ?? performance.now())),
      error: request.error ?? undefined,
    });
  };
  return {
    before: (request) => {
      logger.startInvocation(request.context);
      started.set(request.event, performance.now());
    },
    after: done,
    onError: done,
  };
}

/** 401 without a valid ID token, 403 without a console role or with a role the route does not allow. */
function authorize(deps: () => PublicDeps & Partial<AuthDeps>): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: async (request) => {
      const state = stateOf(request);
      if (state.route.roles === 'public') return;
      const { config, users } = deps();
      if (!users) throw new Error(`route ${state.route.id} needs authorization, but its group's deps have no user records`);
      const claims = await verifyIdToken(request.event.headers.authorization, config.cognito);
      const principal = await loadPrincipal(claims, config, users);
      if (!state.route.roles.includes(principal.role)) throw new HttpFailure('ForbiddenException', 'forbidden', 'Your role may not do this');
      state.principal = principal;
    },
  };
}

/** JSON bodies only for routes that declare one (or CSV text where a route takes it): size limit, content type, well-formed JSON. */
function jsonBody(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  const parser = httpJsonBodyParser();
  return {
    before: async (request) => {
      const { route } = stateOf(request);
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
function validate(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: (request) => {
      const state = stateOf(request);
      const schemas = state.route.request ?? {};
      state.params = parsePart(schemas.params, request.event.pathParameters ?? {}, 'params');
      state.query = parsePart(schemas.query, request.event.queryStringParameters ?? {}, 'query');
      state.body = parsePart(schemas.body, request.event.body, 'body');
      parsePart(schemas.headers, request.event.headers, 'headers');
    },
  };
}

function errorResponse(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    onError: (request) => {
      const correlationId = states.get(request.event)?.correlationId ?? request.event.requestContext.requestId;
      const { status, body } = toErrorResponse(request.error, correlationId);
      request.response = { statusCode: status, headers: { ...JSON_HEADERS, 'x-correlation-id': correlationId }, body: JSON.stringify(body) };
    },
  };
}

const isRaw = (value: unknown): value is RawResult => typeof value === 'object' && value !== null && (value as RawResult).raw === true;

/**
 * The Lambda handler of one route group: routes the API Gateway event by its routeKey to the manifest
 * entry, after authentication, authorization and validation, and maps every failure in one place. `deps`
 * is the group's own (its deps.ts), built on first use.
 */
export function createGroupHandler(routes: Route[], deps: () => PublicDeps & Partial<AuthDeps>) {
  const table = new Map(routes.map((r) => [`${r.method} ${API_PREFIX}${r.path}`, r]));
  const metrics = new OperatorMetrics();
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(observe(metrics))
    .use(errorResponse())
    .use(resolveRoute(table))
    .use(authorize(deps))
    .use(jsonBody())
    .use(validate())
    .use(featureGate(stateOf, deps))
    .handler(async (event) => {
      const state = states.get(event)!;
      const result = await state.route.handler({
        params: state.params,
        query: state.query,
        body: state.body,
        headers: event.headers,
        correlationId: state.correlationId,
        principal: state.principal!,
        deps: deps(),
      });
      const headers = { 'x-correlation-id': state.correlationId };
      if (isRaw(result))
        return {
          statusCode: result.status ?? state.route.status ?? 200,
          headers: { ...headers, ...result.headers },
          body: result.body,
          ...(result.isBase64Encoded ? { isBase64Encoded: true } : {}),
        };
      const status = state.route.status ?? 200;
      if (status === 204) return { statusCode: 204, headers, body: '' };
      return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(result) };
    });
}

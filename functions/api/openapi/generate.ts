/**
 * Builds the OpenAPI 3.1 document of /api/v1 from the route manifest (DESIGN.md §3) and, when run as a
 * script (`npm run openapi`), writes it to schemas/openapi.json, and the console's route roles to
 * schemas/api-roles.ts. Build-time only: no Lambda imports this file. test/unit/openapi-drift.test.ts and
 * test/unit/frontend-api-roles.test.ts fail when a written file is stale.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorBody } from '#schemas/errors';
import type { FeatureFlag } from '#schemas/features';
import { FEATURE_ERROR_CODES } from '../../core/merchants/feature-gate';
import { logger } from '../../runtime/logger';
import { API_PREFIX, type Route, type RouteErrors, type RouteGroup } from '../../http/manifest';
import { groups as manifestGroups } from '../manifest';
import { API_ROLES_FILE, renderApiRoles } from './api-roles';
import { ComponentSchemas, type Io, type Json, type JsonObject } from './components';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../schemas/openapi.json', import.meta.url));

const SECURITY_SCHEME = 'cognito';
const CORRELATION_HEADER = { $ref: '#/components/headers/CorrelationId' } as const;
const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' } as const;
const GATEWAY_ERROR = { $ref: '#/components/schemas/GatewayError' } as const;

type ErrorStatus = keyof RouteErrors | 401 | 403 | 500;
/** Statuses API Gateway may answer itself, with its own `{ message }` body: JWT authorizer, Lambda error, integration timeout. */
const GATEWAY_TOO: ReadonlySet<ErrorStatus> = new Set([401, 500, 503]);

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid (path, query, headers or body; a body that is not JSON or not sent as `application/json`); `details` lists the offending fields',
  401: 'Missing, invalid or expired ID token',
  403: 'The caller’s role may not use this route',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the stored state',
  410: 'Gone: it existed, and is no longer available',
  413: 'The request body is too large',
  500: 'Something went wrong; the body never shows internals, `correlationId` finds the logs',
  503: 'The route or a service it needs is busy, unreachable or took too long: try again',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: `Location` is where to fetch it',
};

/** Methods in the order OpenAPI lists them in a path item. */
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function objectProperties(
  components: ComponentSchemas,
  schema: Parameters<ComponentSchemas['schema']>[0],
  io: Io,
  what: string,
): { properties: Record<string, JsonObject>; required: Set<string> } {
  const js = components.schema(schema, io, true);
  if (js.type !== 'object') throw new Error(`${what}: expected an object schema, got ${JSON.stringify(js.type)}`);
  return {
    properties: (js.properties ?? {}) as Record<string, JsonObject>,
    required: new Set((js.required ?? []) as string[]),
  };
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

function parameters(components: ComponentSchemas, r: Route): Json[] {
  const names = pathParamNames(r.path);
  const out: Json[] = [];
  if (names.length > 0 || r.request?.params) {
    if (!r.request?.params) throw new Error(`${r.id}: path ${r.path} has parameters but no request.params schema`);
    const { properties } = objectProperties(components, r.request.params, 'input', `${r.id} params`);
    const declared = Object.keys(properties);
    const missing = names.filter((n) => !declared.includes(n));
    const extra = declared.filter((n) => !names.includes(n));
    if (missing.length || extra.length) {
      throw new Error(`${r.id}: path ${r.path} and its params schema disagree (missing: ${missing.join(',') || '-'}, extra: ${extra.join(',') || '-'})`);
    }
    for (const name of names) out.push({ name, in: 'path', required: true, schema: properties[name]! });
  }
  if (r.request?.query) {
    const { properties, required } = objectProperties(components, r.request.query, 'input', `${r.id} query`);
    for (const [name, schema] of Object.entries(properties)) out.push({ name, in: 'query', required: required.has(name), schema });
  }
  if (r.request?.headers) {
    const { properties, required } = objectProperties(components, r.request.headers, 'input', `${r.id} headers`);
    for (const [name, schema] of Object.entries(properties)) out.push({ name, in: 'header', required: required.has(name), schema });
  }
  out.push({ $ref: '#/components/parameters/CorrelationId' });
  return out;
}

/** The error statuses of a route: those of its kind, and those it declares, each with the codes it names. */
function errorStatuses(r: Route): Map<ErrorStatus, readonly string[]> {
  const out = new Map<ErrorStatus, readonly string[]>();
  const req = r.request;
  if (req && (req.params || req.query || req.body || req.headers)) out.set(400, ['ValidationException']);
  if (req?.body) out.set(400, ['ValidationException', 'MalformedJsonException', 'UnsupportedContentTypeException']);
  if (r.roles !== 'public') {
    out.set(401, ['UnauthorizedException', 'RoleChangedException']);
    out.set(403, ['ForbiddenException']);
  }
  if (pathParamNames(r.path).length > 0) out.set(404, []);
  if (req?.body) out.set(413, ['PayloadTooLargeException']);
  out.set(500, ['InternalError']);
  out.set(503, []);
  for (const feature of routeFeatures(r)) out.set(403, [...new Set([...(out.get(403) ?? []), FEATURE_ERROR_CODES[feature]])]);
  for (const [status, codes] of Object.entries(r.errors ?? {}) as [`${keyof RouteErrors}`, readonly string[]][]) {
    const key = Number(status) as ErrorStatus;
    out.set(key, [...new Set([...(out.get(key) ?? []), ...codes])]);
  }
  return out;
}

/** Every feature a route may need: its `feature`, or those of its `featureByBody`. */
const routeFeatures = (r: Route): FeatureFlag[] => (r.feature ? [r.feature] : [...new Set(Object.values(r.featureByBody?.features ?? {}))]);

/** What the 403 says of the route's feature: for every request, or for those whose body field has one of the values. */
function featureNote(r: Route): string {
  const refusal = (f: FeatureFlag) => `the feature \`${f}\` (\`${FEATURE_ERROR_CODES[f]}\`, \`details\` names the feature)`;
  if (r.feature) return `; or the merchant has not got ${refusal(r.feature)}, the super admin included`;
  const byBody = r.featureByBody;
  if (!byBody) return '';
  const when = routeFeatures(r).map((f) => {
    const values = Object.keys(byBody.features).filter((v) => byBody.features[v] === f);
    return `${byBody.field} ${values.join(', ')}: the merchant has not got ${refusal(f)}`;
  });
  return `; or, with body ${when.join('; ')}, the super admin included`;
}

function errorResponse(status: ErrorStatus, codes: readonly string[], note = ''): JsonObject {
  const listed = codes.length > 0 ? ` (${codes.map((c) => `\`${c}\``).join(', ')})` : '';
  const gateway = GATEWAY_TOO.has(status);
  return {
    description: `${ERROR_DESCRIPTIONS[status]}${listed}${note}${gateway ? '; from API Gateway itself, a `GatewayError`' : ''}`,
    headers: { 'x-correlation-id': CORRELATION_HEADER },
    content: { 'application/json': { schema: gateway ? { anyOf: [ERROR_BODY, GATEWAY_ERROR] } : ERROR_BODY } },
  };
}

function responses(components: ComponentSchemas, r: Route): JsonObject {
  const status = r.status ?? 200;
  const out: JsonObject = {};
  const headers: JsonObject = { 'x-correlation-id': CORRELATION_HEADER };
  if (status === 302) {
    if (r.response !== null) throw new Error(`${r.id}: a 302 has no body (response null)`);
    out['302'] = {
      description: SUCCESS_DESCRIPTIONS[302]!,
      headers: { ...headers, location: { description: 'A presigned URL valid a few minutes', schema: { type: 'string', format: 'uri' } } },
    };
    // A redirect-only route has no 2XX: `default` says what any status not listed carries (generic OpenAPI tools expect a success or a default).
    out.default = {
      description: 'Any other status: an error',
      headers: { 'x-correlation-id': CORRELATION_HEADER },
      content: { 'application/json': { schema: ERROR_BODY } },
    };
  } else if (status === 204 || r.response === null) {
    if (status !== 204) throw new Error(`${r.id}: a null response schema needs status 204 or 302`);
    out['204'] = { description: SUCCESS_DESCRIPTIONS[204]!, headers };
  } else {
    if (r.produces && !r.inline) headers['content-disposition'] = { $ref: '#/components/headers/Attachment' };
    const content = { [r.produces ?? 'application/json']: { schema: components.schema(r.response, 'output') } };
    out[String(status)] = { description: SUCCESS_DESCRIPTIONS[status]!, headers, content };
    if (r.alsoStatus) out[String(r.alsoStatus)] = { description: SUCCESS_DESCRIPTIONS[r.alsoStatus]!, headers, content };
  }
  for (const [s, codes] of errorStatuses(r)) out[String(s)] = errorResponse(s, codes, s === 403 ? featureNote(r) : undefined);
  out['429'] = { $ref: '#/components/responses/TooManyRequests' };
  return out;
}

function operation(components: ComponentSchemas, group: RouteGroup, r: Route): JsonObject {
  const op: JsonObject = { operationId: r.id, summary: r.summary, tags: [group.name] };
  op.parameters = parameters(components, r);
  if (r.request?.body) {
    const json = { 'application/json': { schema: components.schema(r.request.body, 'input') } };
    op.requestBody = {
      required: true,
      content: r.csvBody ? { ...json, 'text/csv': { schema: { type: 'string', description: 'The CSV document (header line first)' } } } : json,
    };
  }
  op.responses = responses(components, r);
  if (r.roles === 'public') {
    op.security = [];
  } else {
    op.security = [{ [SECURITY_SCHEME]: [] }];
    op['x-roles'] = [...r.roles];
  }
  if (r.feature) op['x-feature'] = r.feature;
  if (r.featureByBody) op['x-feature-by-body'] = { field: r.featureByBody.field, features: { ...r.featureByBody.features } };
  return op;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Keys sorted at every level so the file is stable whatever order the code builds it in, except the
 * members of a schema's `properties`, which keep their declaration order (that is how readers expect them).
 */
function canonical(value: Json, keepOrder = false): Json {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value === null || typeof value !== 'object') return value;
  const keys = keepOrder ? Object.keys(value) : Object.keys(value).sort();
  const out: JsonObject = {};
  for (const k of keys) out[k] = keepOrder ? canonical(value[k]!) : canonical(value[k]!, k === 'properties');
  return out;
}

/** The OpenAPI 3.1 document of every manifest route. */
export function buildOpenApi(groups: RouteGroup[] = manifestGroups): JsonObject {
  const components = new ComponentSchemas();
  const errorBody = components.schema(ErrorBody, 'output');
  const paths: Record<string, JsonObject> = {};
  const ids = new Set<string>();
  for (const group of groups) {
    for (const r of group.routes) {
      if (ids.has(r.id)) throw new Error(`Duplicate operation id ${r.id}`);
      ids.add(r.id);
      const path = `${API_PREFIX}${r.path}`;
      const method = r.method.toLowerCase();
      const item = (paths[path] ??= {});
      if (item[method]) throw new Error(`Duplicate route ${r.method} ${path}`);
      item[method] = operation(components, group, r);
    }
  }
  if (errorBody.$ref !== '#/components/schemas/ErrorBody') throw new Error('schemas/errors.ts must export ErrorBody');
  const schemas = components.all();
  const orderedPaths: JsonObject = {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]!;
    const ordered: JsonObject = {};
    for (const m of METHOD_ORDER) if (item[m]) ordered[m] = canonical(item[m]);
    orderedPaths[path] = ordered;
  }
  const orderedSchemas: JsonObject = {};
  // Not a zod schema: API Gateway's own error body (throttling, authorizer, Lambda failures).
  schemas.GatewayError = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
  for (const name of Object.keys(schemas).sort()) orderedSchemas[name] = canonical(schemas[name]!);
  // Fixed order at the top level, paths and components sorted, methods in OpenAPI order; everything else sorted.
  return {
    openapi: '3.1.0',
    info: canonical({
      title: 'Vending Fleet Console API',
      version: packageVersion(),
      description:
        'The API of the vending fleet console. Generated from the route manifest (functions/api/manifest.ts) by `npm run openapi`; do not edit by hand. ' +
        'Every answer carries `x-correlation-id` (the request’s, or a new one); every error answers an `ErrorBody` whose `code` is the spec’s exception code. `x-feature` names the merchant feature (spec §1 flag) an operation needs: a merchant without it gets a coded 403, the super admin included; `x-feature-by-body` names the feature of the requests whose body `field` has one of the listed values (the remote command types that send a configuration).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    }),
    servers: [
      { url: 'http://127.0.0.1:3000', description: '`npm start`: the embedded stack (WEB_PORT)' },
      {
        url: 'https://{console}',
        description: 'A deployed stage: the console’s CloudFront domain serves /api/v1',
        variables: { console: { default: 'console.example.org', description: 'The stage’s console domain' } },
      },
    ],
    tags: groups.map((g) => ({ name: g.name, description: g.description })),
    paths: orderedPaths,
    components: {
      schemas: orderedSchemas,
      responses: canonical({
        TooManyRequests: {
          description: 'Throttled by API Gateway (the stage allows 100 requests/s, bursts of 200): try again later',
          content: { 'application/json': { schema: GATEWAY_ERROR } },
        },
      }),
      parameters: canonical({
        CorrelationId: {
          name: 'x-correlation-id',
          in: 'header',
          required: false,
          description: 'Ties the request to its logs; echoed in the answer (at most 100 characters kept). Without it the answer carries a new one.',
          schema: { type: 'string' },
        },
      }),
      headers: canonical({
        CorrelationId: { description: 'The request’s correlation id (sent or new): quote it when reporting a problem', schema: { type: 'string' } },
        Attachment: { description: 'A file download: `attachment; filename="…"`', schema: { type: 'string' } },
      }),
      securitySchemes: canonical({
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Cognito ID token: `Authorization: Bearer <idToken>`',
        },
      }),
    },
  };
}

/** The exact text of schemas/openapi.json. */
export function renderOpenApi(groups?: RouteGroup[]): string {
  return `${JSON.stringify(buildOpenApi(groups), null, 2)}\n`;
}

function runDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runDirectly()) {
  writeFileSync(OPENAPI_FILE, renderOpenApi());
  logger.info('OpenAPI document written', { file: OPENAPI_FILE });
  writeFileSync(API_ROLES_FILE, renderApiRoles());
  logger.info('Route roles written', { file: API_ROLES_FILE });
}

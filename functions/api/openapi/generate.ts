/**
 * Builds the OpenAPI 3.1 document of /api/v1 from the route manifest (DESIGN.md §3) and, when run as a
 * script (`npm run openapi`), writes it to schemas/openapi.json. Build-time only: no Lambda imports this
 * file. test/unit/openapi-drift.test.ts fails when the written file is stale.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { groups as manifestGroups } from '../manifest';
import { API_PREFIX, type Route, type RouteGroup } from '../../shared/http/manifest';
import { ErrorBody } from '../../../schemas/errors';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../schemas/openapi.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Io = 'input' | 'output';

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' } as const;
const SECURITY_SCHEME = 'cognito';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (path, query or body); `details` lists the offending fields',
  401: 'Missing, invalid or expired ID token',
  403: 'The caller’s role may not use this route',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the stored state (duplicate or concurrent change)',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** Methods in the order OpenAPI lists them in a path item. */
const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isStrictObject(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; catchall?: z.core.$ZodType };
  return def.type === 'object' && def.catchall?._zod.def.type === 'never';
}

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema. `additionalProperties: false` only
 * for strict objects: zod would also add it to every plain object in output mode, which would make
 * adding a response field a breaking change for strict clients.
 */
function jsonSchema(schema: z.core.$ZodType, io: Io): JsonObject {
  const out = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema: js }) => {
      if (zodSchema._zod.def.type === 'object' && !isStrictObject(zodSchema)) delete js.additionalProperties;
    },
  }) as JsonObject;
  delete out.$schema;
  return out;
}

function objectProperties(schema: z.core.$ZodType, io: Io, what: string): { properties: Record<string, JsonObject>; required: Set<string> } {
  const js = jsonSchema(schema, io);
  if (js.type !== 'object') throw new Error(`${what}: expected an object schema, got ${JSON.stringify(js.type)}`);
  return {
    properties: (js.properties ?? {}) as Record<string, JsonObject>,
    required: new Set((js.required ?? []) as string[]),
  };
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

function parameters(r: Route): JsonObject[] {
  const names = pathParamNames(r.path);
  const out: JsonObject[] = [];
  if (names.length > 0 || r.request?.params) {
    if (!r.request?.params) throw new Error(`${r.id}: path ${r.path} has parameters but no request.params schema`);
    const { properties } = objectProperties(r.request.params, 'input', `${r.id} params`);
    const declared = Object.keys(properties);
    const missing = names.filter((n) => !declared.includes(n));
    const extra = declared.filter((n) => !names.includes(n));
    if (missing.length || extra.length) {
      throw new Error(`${r.id}: path ${r.path} and its params schema disagree (missing: ${missing.join(',') || '-'}, extra: ${extra.join(',') || '-'})`);
    }
    for (const name of names) out.push({ name, in: 'path', required: true, schema: properties[name]! });
  }
  if (r.request?.query) {
    const { properties, required } = objectProperties(r.request.query, 'input', `${r.id} query`);
    for (const [name, schema] of Object.entries(properties)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

function errorResponse(status: number): JsonObject {
  return { description: ERROR_DESCRIPTIONS[status]!, content: { 'application/json': { schema: ERROR_REF } } };
}

function responses(r: Route): JsonObject {
  const status = r.status ?? 200;
  const out: JsonObject = {};
  if (status === 204 || r.response === null) {
    if (status !== 204) throw new Error(`${r.id}: a null response schema needs status 204`);
    out['204'] = { description: SUCCESS_DESCRIPTIONS[204]! };
  } else {
    out[String(status)] = {
      description: SUCCESS_DESCRIPTIONS[status]!,
      content: { [r.produces ?? 'application/json']: { schema: jsonSchema(r.response, 'output') } },
    };
  }
  const req = r.request;
  if (req && (req.params || req.query || req.body)) out['400'] = errorResponse(400);
  if (r.roles !== 'public') {
    out['401'] = errorResponse(401);
    out['403'] = errorResponse(403);
  }
  if (pathParamNames(r.path).length > 0) out['404'] = errorResponse(404);
  if (r.method === 'POST' || r.method === 'PUT') out['409'] = errorResponse(409);
  return out;
}

function operation(group: RouteGroup, r: Route): JsonObject {
  const op: JsonObject = { operationId: r.id, summary: r.summary, tags: [group.name] };
  const params = parameters(r);
  if (params.length > 0) op.parameters = params;
  if (r.request?.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(r.request.body, 'input') } } };
  }
  op.responses = responses(r);
  if (r.roles === 'public') {
    op.security = [];
  } else {
    op.security = [{ [SECURITY_SCHEME]: [] }];
    op['x-roles'] = [...r.roles];
  }
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
      item[method] = operation(group, r);
    }
  }
  const orderedPaths: JsonObject = {};
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]!;
    const ordered: JsonObject = {};
    for (const m of METHOD_ORDER) if (item[m]) ordered[m] = canonical(item[m]);
    orderedPaths[path] = ordered;
  }
  // Fixed order at the top level, paths sorted, methods in OpenAPI order; everything else sorted.
  return {
    openapi: '3.1.0',
    info: canonical({
      title: 'Vending Fleet Console API',
      version: packageVersion(),
      description: 'Generated from the route manifest (functions/api/manifest.ts) by `npm run openapi`; do not edit by hand.',
    }),
    tags: groups.map((g) => ({ name: g.name })),
    paths: orderedPaths,
    components: canonical({
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Cognito ID token: `Authorization: Bearer <idToken>`',
        },
      },
    }),
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
  console.log(`wrote ${OPENAPI_FILE}`);
}

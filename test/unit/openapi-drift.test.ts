import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groups } from '../../functions/api/manifest';
import { API_PREFIX } from '../../functions/http/manifest';
import { buildOpenApi, OPENAPI_FILE, renderOpenApi } from '../../functions/api/openapi/generate';

type Operation = { operationId: string; tags: string[]; security: unknown[]; 'x-roles'?: string[]; responses: Record<string, unknown> };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('OpenAPI document', () => {
  it('schemas/openapi.json is the one the manifest generates', () => {
    expect(existsSync(OPENAPI_FILE), 'schemas/openapi.json is missing: run npm run openapi').toBe(true);
    const written = readFileSync(OPENAPI_FILE, 'utf8');
    // Compared as text: key order and formatting are part of the file (stable diffs).
    expect(written === renderOpenApi(), 'schemas/openapi.json is out of date with the route manifest: run npm run openapi').toBe(true);
  });

  it('lists every manifest route with its method, operation id, tag and access', () => {
    const doc = buildOpenApi() as unknown as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const routes = groups.flatMap((g) => g.routes.map((r) => ({ group: g.name, r })));
    expect(routes.length).toBeGreaterThan(0);
    for (const { group, r } of routes) {
      const op = doc.paths[`${API_PREFIX}${r.path}`]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${API_PREFIX}${r.path} missing`).toBeDefined();
      expect(op!.operationId).toBe(r.id);
      expect(op!.tags).toEqual([group]);
      expect(op!.responses).toHaveProperty(String(r.status ?? 200));
      if (r.roles === 'public') {
        expect(op!.security).toEqual([]);
      } else {
        expect(op!.security).toEqual([{ cognito: [] }]);
        expect(op!['x-roles']).toEqual([...r.roles]);
        expect(op!.responses).toHaveProperty('401');
        expect(op!.responses).toHaveProperty('403');
      }
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(routes.length);
  });

  it('describes strict request bodies as closed objects', () => {
    const doc = buildOpenApi() as unknown as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const ref = doc.paths[`${API_PREFIX}/merchants`]?.post?.requestBody?.content['application/json']?.schema.$ref;
    const create = doc.components.schemas[ref?.replace('#/components/schemas/', '') ?? ''];
    expect(create?.additionalProperties).toBe(false);
    expect(create?.required).toEqual(expect.arrayContaining(['name', 'country', 'contactEmail']));
  });
});

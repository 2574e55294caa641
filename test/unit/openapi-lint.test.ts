import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { groups } from '../../functions/api/manifest';
import { OPENAPI_FILE, renderOpenApi } from '../../functions/api/openapi/generate';

type Schema = { $ref?: string; type?: string; items?: Schema; enum?: unknown[]; anyOf?: Schema[] };
type Response = { $ref?: string; description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
type Parameter = { $ref?: string; name?: string; in?: string; schema?: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema & { properties?: Record<string, Schema> }> } };

const doc = JSON.parse(renderOpenApi()) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
const routes = groups.flatMap((g) => g.routes);
const opOf = (id: string) => operations.find((o) => o.op.operationId === id)!.op;
const ref = (name: string) => `#/components/schemas/${name}`;

describe('OpenAPI document, as a client team reads it', () => {
  it('is clean under Redocly’s recommended rules (no error, no warning)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: readFileSync(OPENAPI_FILE, 'utf8'), absoluteRef: OPENAPI_FILE, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('names the entities and pages as component schemas, and every JSON body refers to one', () => {
    const entities = ['PointOfSale', 'PosPage', 'Merchant', 'MerchantPage', 'User', 'UserPage', 'Group', 'GroupPage', 'Client', 'ClientPage'];
    const more = ['NoVendProfile', 'Alarm', 'AlarmPage', 'MasterAlarm', 'AlarmSetting', 'RemoteCommand', 'RemoteCommandPage', 'PosNote', 'ErrorBody'];
    for (const name of [...entities, ...more]) expect(doc.components.schemas, name).toHaveProperty(name);
    expect(opOf('pos.get').responses['200']!.content!['application/json']!.schema).toEqual({ $ref: ref('PointOfSale') });
    expect(doc.components.schemas.PosPage!.properties!.items).toEqual({ type: 'array', items: { $ref: ref('PointOfSale') } });
    expect(doc.components.schemas.NetworkType!.enum).toEqual(['2G', '3G', '4G', '5G', 'Ethernet', 'Wifi']);
    for (const { path, method, op } of operations) {
      const bodies = [op.requestBody?.content['application/json']?.schema, ...Object.values(op.responses).map((r) => r.content?.['application/json']?.schema)];
      for (const schema of bodies.filter((s): s is Schema => s !== undefined)) {
        const named = schema.$ref ?? schema.items?.$ref ?? schema.anyOf?.every((s) => s.$ref);
        expect(named, `${method} ${path}: ${JSON.stringify(schema).slice(0, 80)}`).toBeTruthy();
      }
    }
  });

  it('lists every status a route answers: its kind’s, and those it declares with their codes', () => {
    for (const r of routes) {
      const statuses = Object.keys(opOf(r.id).responses);
      expect(statuses, r.id).toEqual(expect.arrayContaining(['429', '500', '503']));
      if (r.request?.body) expect(statuses, r.id).toEqual(expect.arrayContaining(['400', '413']));
      if (r.roles !== 'public') expect(statuses, r.id).toEqual(expect.arrayContaining(['401', '403']));
      if (r.path.includes('{')) expect(statuses, r.id).toContain('404');
      for (const [status, codes] of Object.entries(r.errors ?? {})) {
        for (const code of codes) expect(opOf(r.id).responses[status]?.description, `${r.id} ${status}`).toContain(code);
      }
    }
    expect(opOf('clients.delete').responses['409']!.description).toContain('ClientInUseException');
    expect(opOf('groups.delete').responses['409']!.description).toContain('GroupInUseException');
    expect(opOf('noVendProfiles.delete').responses['409']!.description).toContain('NoVendProfileInUseException');
    expect(Object.keys(opOf('pos.join').responses)).toEqual(expect.arrayContaining(['200', '201', '409']));
    const send = opOf('remoteCommands.send').responses;
    expect(send['413']!.description).toContain('MessageTooLargeException');
    expect(send['503']!.description).toContain('RemoteCommandSendException');
  });

  it('declares only error codes the functions raise', () => {
    const root = fileURLToPath(new URL('../../functions', import.meta.url));
    const source = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(root, f), 'utf8'))
      .join('\n');
    const declared = new Set(routes.flatMap((r) => Object.values(r.errors ?? {}).flat()));
    expect(declared.size).toBeGreaterThan(10);
    // Most errors name their code first; ForbiddenError takes (message, code).
    for (const code of declared) expect(source, code).toMatch(new RegExp(`super\\(\\s*'${code}'|'${code}', '|, '${code}'\\)`));
  });

  it('documents the headers: correlation id everywhere, Idempotency-Key on command sends, content-disposition on downloads', () => {
    for (const { path, method, op } of operations) {
      expect(op.parameters, `${method} ${path}`).toContainEqual({ $ref: '#/components/parameters/CorrelationId' });
      for (const [status, response] of Object.entries(op.responses)) {
        if (status !== '429') expect(response.headers, `${method} ${path} ${status}`).toHaveProperty('x-correlation-id');
      }
    }
    expect(opOf('remoteCommands.send').parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header', required: false }));
    for (const id of ['pos.csv', 'users.csv', 'remoteCommands.csv', 'alarms.csvOfMerchant', 'pos.downloadAudit', 'posQrcodes.download']) {
      expect(opOf(id).responses['200']!.headers, id).toHaveProperty('content-disposition');
    }
    expect(opOf('posQrcodes.image').responses['200']!.headers).not.toHaveProperty('content-disposition');
  });

  it('keeps the values of query enums, spec codes included', () => {
    const query = (id: string, name: string) => opOf(id).parameters!.find((p) => p.in === 'query' && p.name === name)!.schema!;
    expect(query('alarms.listOfMerchant', 'criticity').enum).toEqual([0, 2, 4]);
    expect(query('alarms.listOfMerchant', 'category')).toEqual({ $ref: ref('AlarmCategory') });
    expect(doc.components.schemas.AlarmCategory!.enum).toEqual(['jam', 'usability', 'maintenance', 'fault']);
    expect(query('remoteCommands.list', 'status').enum?.length).toBeGreaterThan(1);
    expect(query('pos.listTransactions', 'type').enum).toContain(0);
    expect(query('users.list', 'role')).toEqual({ $ref: ref('Role') });
    expect(query('pos.list', 'ordType').enum).toEqual(['asc', 'desc']);
  });

  it('lists the API’s servers and describes every tag', () => {
    const raw = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { servers: { url: string }[]; tags: { name: string; description: string }[] };
    expect(raw.servers.map((s) => s.url)).toContain('http://127.0.0.1:3000');
    expect(raw.tags.map((t) => t.name)).toEqual(groups.map((g) => g.name));
    for (const t of raw.tags) expect(t.description, t.name).toBeTruthy();
  });
});

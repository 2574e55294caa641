import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { groups } from '../../functions/api/manifest';
import type { Route } from '../../functions/shared/http/manifest';
import { ROLES, type Role } from '../../schemas/roles';
import { BAD_TOKEN_KINDS, badToken } from './support/forged-tokens';
import { api } from './support/http';
import { demoUser, stack, tokenFor } from './support/stack';
import { merchantBody, settingsBody, superAdminSettingsBody } from './support/samples';

/**
 * Every route × the four roles × {valid token and each bad token} × {own merchant, foreign merchant},
 * generated from the manifest. Expected: bad tokens 401; a role the route does not allow 403; an allowed
 * role 2xx on its own merchant and 404 on another merchant's ids (the super admin sees every merchant).
 */
type Scope = 'own' | 'foreign';
interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Whether the path carries a merchant-scoped id (foreign variant answers 404). */
  scoped?: boolean;
}

const OWN = 'acme-vending';
const FOREIGN = 'bravo-distribucion';
let scratchMerchant = '';

/** One sample request per route; a new route without a sample fails the test below. */
const samples: Record<string, (scope: Scope) => Sample> = {
  'config.spaConfiguration': () => ({}),
  'collections.all': () => ({}),
  'collections.countries': () => ({}),
  'collections.posSectors': () => ({}),
  'collections.postalCode': () => ({ params: { country: 'IT', code: '20121' } }),
  'users.getMe': () => ({}),
  'users.updateMe': () => ({ body: { language: 'it' } }),
  'users.myMerchants': () => ({}),
  'merchants.list': () => ({ query: { page: '1', size: '5' } }),
  'merchants.get': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.create': () => ({ body: merchantBody() }),
  'merchants.update': () => ({ params: { id: scratchMerchant }, body: merchantBody() }),
  'merchants.getSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.saveSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, body: settingsBody(), scoped: true }),
  'merchants.regenerateApiToken': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.getSuperAdminSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.saveSuperAdminSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, body: superAdminSettingsBody(), scoped: true }),
};

const routes = groups.flatMap((g) => g.routes);

function pathOf(route: Route, sample: Sample): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sample.params?.[name] ?? 'missing'));
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

function call(route: Route, sample: Sample, token: string | undefined) {
  return api(pathOf(route, sample), { method: route.method, token, ...(sample.body !== undefined ? { body: sample.body } : {}) });
}

const success = (route: Route) => route.status ?? 200;

beforeAll(async () => {
  const created = await api('/merchants', { method: 'POST', token: await tokenFor('NEBULARSUPERADMIN'), body: merchantBody() });
  expect(created.status).toBe(201);
  scratchMerchant = created.body.id;
});

describe('authorization matrix', () => {
  it('has a sample request for every manifest route', () => {
    expect(routes.map((r) => r.id).filter((id) => !samples[id])).toEqual([]);
  });

  for (const route of routes) {
    describe(`${route.method} ${route.path}`, () => {
      for (const role of ROLES as readonly Role[]) {
        for (const scope of ['own', 'foreign'] as const) {
          const sampleOf = () => samples[route.id]!(scope);
          it(`${role} · ${scope}`, async () => {
            const real = await tokenFor(role);
            const sample = sampleOf();
            for (const kind of BAD_TOKEN_KINDS) {
              const res = await call(route, sampleOf(), await badToken(kind, real));
              if (route.roles === 'public') expect(res.status, `${kind} token on a public route`).toBe(success(route));
              else {
                expect(res.status, `${kind} token`).toBe(401);
                expect(res.body.code).toBe('UnauthorizedException');
              }
            }
            const res = await call(route, sample, real);
            const allowed = route.roles === 'public' || route.roles.includes(role);
            const seesForeign = role === 'NEBULARSUPERADMIN';
            const expected = !allowed ? 403 : scope === 'foreign' && sample.scoped && !seesForeign ? 404 : success(route);
            expect(res.status, res.text).toBe(expected);
            if (expected === success(route) && route.response) {
              const parsed = z.safeParse(route.response, res.body);
              expect(parsed.success, `response matches the manifest schema: ${parsed.error?.message}`).toBe(true);
            } else if (expected !== success(route)) {
              expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) });
            }
          });
        }
      }
    });
  }

  it('sees the demo users of every role', () => {
    for (const role of ROLES) expect(demoUser(role).email).toContain('@');
  });
});

afterAll(async () => {
  // The matrix covered every route; none of them may have issued a Scan (reads are Queries and GetItems).
  const ops = (await (await fetch(`${stack.dynamodb}/__local/ops`)).json()) as Record<string, number>;
  expect(ops.Scan ?? 0).toBe(0);
  expect(ops.Query ?? 0).toBeGreaterThan(0);
});

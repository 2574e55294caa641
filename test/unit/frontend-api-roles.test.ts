import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROLES, mayCall } from '#schemas/api-roles';
import { ROLES } from '#schemas/roles';
import { groups } from '../../functions/api/manifest';
import { API_ROLES_FILE, renderApiRoles } from '../../functions/api/openapi/api-roles';

describe("the console's route roles (schemas/api-roles.ts)", () => {
  it('is the table the route manifest generates', () => {
    // Compared as text, as openapi.json is: a route added or whose roles change needs `npm run openapi`.
    expect(readFileSync(API_ROLES_FILE, 'utf8') === renderApiRoles(), 'schemas/api-roles.ts is out of date with the route manifest: run npm run openapi').toBe(
      true,
    );
  });

  it('gives every route that needs sign-in exactly the roles its routes.ts declares, and no public route', () => {
    const routes = groups.flatMap((g) => g.routes);
    for (const route of routes) {
      const roles = (API_ROLES as Record<string, readonly string[]>)[route.id];
      if (route.roles === 'public') expect(roles, route.id).toBeUndefined();
      else expect(roles, route.id).toEqual([...route.roles]);
    }
    expect(Object.keys(API_ROLES)).toHaveLength(routes.filter((r) => r.roles !== 'public').length);
  });

  it('lets the screens offer a change only to the roles the API accepts it from', () => {
    const callers = (route: Parameters<typeof mayCall>[0]) => ROLES.filter((role) => mayCall(route, role));
    const admins = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN'];
    expect(callers('clients.update')).toEqual(admins);
    expect(callers('groups.create')).toEqual(admins);
    expect(callers('products.delete')).toEqual(admins);
    expect(callers('planograms.update')).toEqual(admins);
    expect(callers('noVendProfiles.update')).toEqual(['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN']);
    expect(callers('clients.list')).toEqual([...ROLES]);
    expect(mayCall('clients.update', null)).toBe(false);
    expect(mayCall('clients.update', undefined)).toBe(false);
  });
});

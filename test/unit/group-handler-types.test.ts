import { describe, expect, it } from 'vitest';
import { handler as configHandler } from '../../functions/api/config/handler';
import { deps as configDeps } from '../../functions/api/config/deps';
import { routes as posRoutes } from '../../functions/api/pos/routes';
import { routes as configRoutes } from '../../functions/api/config/routes';
import { createGroupHandler } from '../../functions/http/group-handler';
import { routeFor } from '../../functions/http/manifest';
import type { PublicDeps } from '../../functions/runtime/base-deps';

// These checks are made by tsc (npm test typechecks the tree): each @ts-expect-error fails the build when its line compiles.
describe('the group handler’s types', () => {
  it('refuses a group wired to deps that lack what its routes need', () => {
    // @ts-expect-error the pos routes need the machine repositories, the config group's deps have none
    expect(() => createGroupHandler(posRoutes, configDeps)).not.toThrow();
    expect(typeof createGroupHandler(configRoutes, configDeps)).toBe('function');
    expect(typeof configHandler).toBe('function');
  });

  it('gives a public route’s handler no principal', () => {
    const route = routeFor<PublicDeps>();
    // @ts-expect-error a public route is called without a token: there is no principal to read
    route({ id: 't.public', method: 'GET', path: '/t', roles: 'public', summary: '', response: null, handler: async ({ principal }) => principal });
    route({
      id: 't.signed',
      method: 'GET',
      path: '/t',
      roles: ['NEBULARSUPERADMIN'],
      summary: '',
      response: null,
      handler: async ({ principal }) => principal.role,
    });
    expect(true).toBe(true);
  });
});

/**
 * The console's screen → flag table (frontend/src/app/route-features.ts) and the API's route manifest declare the same
 * features (issue 28 item 2): a screen of a feature is made of routes of that feature, every flagged route belongs to a
 * screen of its flag, and the remote command types of a feature are the ones `remoteCommands.send` declares.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_TYPE_FEATURES, FEATURE_SCREEN_ROUTES, ROUTE_FEATURES } from '../../frontend/src/app/route-features';
import { groups } from '../../functions/api/manifest';

const routes = groups.flatMap((g) => g.routes);
const routeById = new Map(routes.map((r) => [r.id, r]));
const screens = Object.entries(FEATURE_SCREEN_ROUTES) as [keyof typeof ROUTE_FEATURES, readonly string[]][];
const router = readFileSync(new URL('../../frontend/src/app/router.tsx', import.meta.url), 'utf8');

describe('the console’s screen → flag table and the API manifest', () => {
  it('a screen of a feature is made of routes that declare that feature', () => {
    for (const [screen, ids] of screens) {
      expect(ROUTE_FEATURES[screen], `${screen} lists API routes of a feature: it declares one`).toBeDefined();
      expect(ids.length, screen).toBeGreaterThan(0);
      for (const id of ids) expect(routeById.get(id)?.feature, `${screen} → ${id}`).toBe(ROUTE_FEATURES[screen]);
    }
  });

  it('every flagged route a signed-in user calls belongs to a screen of its flag', () => {
    const listed = new Map(screens.flatMap(([screen, ids]) => ids.map((id) => [id, screen] as const)));
    const unclaimed = routes.filter((r) => r.feature && r.roles !== 'public' && !listed.has(r.id)).map((r) => `${r.id} (${r.feature})`);
    expect(unclaimed, 'flagged API routes no screen of route-features.ts names').toEqual([]);
  });

  it('a flagged screen the console has built lists its routes; the others are declared for later', () => {
    const built = (Object.keys(ROUTE_FEATURES) as (keyof typeof ROUTE_FEATURES)[]).filter((screen) => router.includes(`'${screen}'`));
    expect(built.length).toBeGreaterThan(20);
    // A redirect (/customers-medias → its medias) has no routes of its own.
    const withoutRoutes = built.filter((screen) => !FEATURE_SCREEN_ROUTES[screen] && !new RegExp(`'${screen}', <Navigate`).test(router));
    expect(withoutRoutes, 'built flagged screens whose API routes route-features.ts does not list').toEqual([]);
  });

  it('the remote command types of a feature are those remoteCommands.send declares', () => {
    const send = routeById.get('remoteCommands.send')!;
    expect(send.featureByBody?.field).toBe('type');
    expect(Object.fromEntries(Object.entries(COMMAND_TYPE_FEATURES))).toEqual(send.featureByBody?.features);
    expect(routes.filter((r) => r.featureByBody).map((r) => r.id)).toEqual(['remoteCommands.send']);
  });
});

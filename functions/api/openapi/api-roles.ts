import { fileURLToPath } from 'node:url';
import type { RouteGroup } from '../../http/manifest';
import { groups as manifestGroups } from '../manifest';

/** The console's copy of who may call each route: generated here, next to the OpenAPI document, by `npm run openapi`. */
export const API_ROLES_FILE = fileURLToPath(new URL('../../../schemas/api-roles.ts', import.meta.url));

/** The exact text of schemas/api-roles.ts: every route id that needs sign-in with the roles the manifest gives it. */
export function renderApiRoles(groups: RouteGroup[] = manifestGroups): string {
  const rows = groups
    .flatMap((g) => g.routes)
    .flatMap((r) => (r.roles === 'public' ? [] : [`  '${r.id}': [${r.roles.map((role) => `'${role}'`).join(', ')}],`]));
  return [
    '// Generated from the route manifest (functions/api/*/routes.ts) by `npm run openapi`: do not edit. A unit test checks it.',
    "import type { Role } from './roles';",
    '',
    '/** Who may call each /api/v1 route, by route id (the OpenAPI operationId). */',
    'export const API_ROLES = {',
    ...rows,
    '} as const satisfies Record<string, readonly Role[]>;',
    '',
    'export type ApiRouteId = keyof typeof API_ROLES;',
    '',
    '/** Whether a user of `role` may call the route: what the console offers follows what the API allows. */',
    'export function mayCall(route: ApiRouteId, role: Role | null | undefined): boolean {',
    '  return role != null && (API_ROLES[route] as readonly Role[]).includes(role);',
    '}',
    '',
  ].join('\n');
}

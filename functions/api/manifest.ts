import type { RouteGroup } from '../shared/http/manifest';
import { routes as alarms } from './alarms/routes';
import { routes as clients } from './clients/routes';
import { routes as collections } from './collections/routes';
import { routes as config } from './config/routes';
import { routes as groupRoutes } from './groups/routes';
import { routes as merchants } from './merchants/routes';
import { routes as noVendProfiles } from './no-vend-profiles/routes';
import { routes as pos } from './pos/routes';
import { routes as posConfigs } from './pos-configs/routes';
import { routes as posHistory } from './pos-history/routes';
import { routes as remoteCommands } from './remote-commands/routes';
import { routes as users } from './users/routes';

/** Every /api/v1 route group. A route that is not here does not exist anywhere (DESIGN.md §3). */
export const groups: RouteGroup[] = [
  { name: 'config', routes: config },
  { name: 'collections', routes: collections },
  { name: 'users', routes: users },
  { name: 'merchants', routes: merchants },
  { name: 'groups', routes: groupRoutes },
  { name: 'pos', routes: pos },
  { name: 'pos-history', routes: posHistory },
  { name: 'pos-configs', routes: posConfigs },
  { name: 'clients', routes: clients },
  { name: 'no-vend-profiles', routes: noVendProfiles },
  { name: 'alarms', routes: alarms },
  { name: 'remote-commands', routes: remoteCommands },
];

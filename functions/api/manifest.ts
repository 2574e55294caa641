import type { RouteGroup } from '../shared/http/manifest';
import { access as alarmsAccess } from './alarms/deps';
import { routes as alarms } from './alarms/routes';
import { access as clientsAccess } from './clients/deps';
import { routes as clients } from './clients/routes';
import { access as collectionsAccess } from './collections/deps';
import { routes as collections } from './collections/routes';
import { access as configAccess } from './config/deps';
import { routes as config } from './config/routes';
import { access as groupRoutesAccess } from './groups/deps';
import { routes as groupRoutes } from './groups/routes';
import { access as merchantsAccess } from './merchants/deps';
import { routes as merchants } from './merchants/routes';
import { access as noVendProfilesAccess } from './no-vend-profiles/deps';
import { routes as noVendProfiles } from './no-vend-profiles/routes';
import { access as posAccess } from './pos/deps';
import { routes as pos } from './pos/routes';
import { access as posConfigsAccess } from './pos-configs/deps';
import { routes as posConfigs } from './pos-configs/routes';
import { access as posHistoryAccess } from './pos-history/deps';
import { routes as posHistory } from './pos-history/routes';
import { access as remoteCommandsAccess } from './remote-commands/deps';
import { routes as remoteCommands } from './remote-commands/routes';
import { access as usersAccess } from './users/deps';
import { routes as users } from './users/routes';

/** Every /api/v1 route group. A route that is not here does not exist anywhere (DESIGN.md §3). */
export const groups: RouteGroup[] = [
  { name: 'config', routes: config, access: configAccess },
  { name: 'collections', routes: collections, access: collectionsAccess },
  { name: 'users', routes: users, access: usersAccess },
  { name: 'merchants', routes: merchants, access: merchantsAccess },
  { name: 'groups', routes: groupRoutes, access: groupRoutesAccess },
  { name: 'pos', routes: pos, access: posAccess },
  { name: 'pos-history', routes: posHistory, access: posHistoryAccess },
  { name: 'pos-configs', routes: posConfigs, access: posConfigsAccess },
  { name: 'clients', routes: clients, access: clientsAccess },
  { name: 'no-vend-profiles', routes: noVendProfiles, access: noVendProfilesAccess },
  { name: 'alarms', routes: alarms, access: alarmsAccess },
  { name: 'remote-commands', routes: remoteCommands, access: remoteCommandsAccess },
];

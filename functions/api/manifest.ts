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
  { name: 'config', description: 'What the console needs before sign-in (public)', routes: config },
  { name: 'collections', description: 'Reference data: currencies, countries, languages, time zones, POS sectors, device types, postal codes', routes: collections },
  { name: 'users', description: 'Console users: the signed-in user, the users an admin manages, their identities and invitations', routes: users },
  { name: 'merchants', description: 'Merchants (distributors) and their settings', routes: merchants },
  { name: 'groups', description: 'Groups of machines within a merchant; a group admin sees only its groups', routes: groupRoutes },
  { name: 'pos', description: 'Points of sale (vending machines): list, counts, join, edit, hide, associations, notes, QR codes', routes: pos },
  { name: 'pos-history', description: 'What a machine reported over time: audits (EVA-DTS), cash, transactions, signal and temperature', routes: posHistory },
  { name: 'pos-configs', description: 'Machine configurations: reported, historical and the custom one users want it to run', routes: posConfigs },
  { name: 'clients', description: 'A merchant’s clients, whom machines can be associated with', routes: clients },
  { name: 'no-vend-profiles', description: 'A merchant’s no-vend profiles: periods when machines do not sell', routes: noVendProfiles },
  { name: 'alarms', description: 'Alarms raised by machines, master alarms (codes and troubleshooting) and alarm notification settings', routes: alarms },
  { name: 'remote-commands', description: 'Commands sent to machines over MQTT and their results', routes: remoteCommands },
];

import { ALL_ROLES } from '#schemas/roles';
import { MerchantsDashboard } from '#schemas/merchants-dashboard';
import { getMerchantsDashboard } from '../../core/merchants-dashboard/use-cases';
import { routeFor } from '../../http/manifest';
import type { MerchantsDashboardGroupDeps } from './deps';

const route = routeFor<MerchantsDashboardGroupDeps>();

export const routes = [
  route({
    id: 'merchantsDashboard.get',
    method: 'GET',
    path: '/merchants-dashboard',
    roles: ALL_ROLES,
    summary:
      'One row per merchant the caller may see (a merchant role: its own, a group admin its groups’ figures; the super admin: every merchant): sales today, this week and this month, visible machines online, offline and with a blocking alarm, active alarms and KPIs of the last 30 days, from counters only (at most 4 DynamoDB calls per merchant)',
    response: MerchantsDashboard,
    handler: ({ deps, principal }) => getMerchantsDashboard(deps, principal),
  }),
];

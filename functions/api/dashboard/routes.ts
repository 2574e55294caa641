import { ALL_ROLES } from '#schemas/roles';
import { Dashboard, DashboardQuery } from '#schemas/dashboard';
import { getDashboard } from '../../core/dashboard/use-cases';
import { routeFor } from '../../http/manifest';
import type { DashboardGroupDeps } from './deps';

const route = routeFor<DashboardGroupDeps>();

export const routes = [
  route({
    id: 'dashboard.get',
    method: 'GET',
    path: '/dashboard',
    roles: ALL_ROLES,
    summary:
      'What an operator sees first, from counters only: sales today (hours so far against the same weekday’s), this week and this month against the period before, a 7-day and a month chart per category, machines by connection and status, commands of the last 24 hours, open anomalies',
    request: { query: DashboardQuery },
    response: Dashboard,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => getDashboard(deps, principal, query),
  }),
];

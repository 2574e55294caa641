import { Kpis, MerchantKpisQuery, PosKpisQuery } from '#schemas/kpis';
import { PosParams } from '#schemas/pos';
import { ALL_ROLES } from '#schemas/roles';
import { merchantKpis, posKpis } from '../../core/kpis/use-cases';
import { routeFor } from '../../http/manifest';
import type { KpisGroupDeps } from './deps';

const route = routeFor<KpisGroupDeps>();

/** KPIs (issue 30 item 2; spec §2 /distributor-kpis and /devices/{id}/kpis): from counters kept on write only. */
export const routes = [
  route({
    id: 'kpis.merchant',
    method: 'GET',
    path: '/kpis',
    roles: ALL_ROLES,
    summary:
      'A merchant’s KPIs over its last `days` days (default 30, 2 to 365): sales per machine-day, average ticket, cashless share, availability, alarms and mean time to repair, potential lost sales, refunds, coin and bill rejection rates',
    request: { query: MerchantKpisQuery },
    response: Kpis,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => merchantKpis(deps, principal, query),
  }),
  route({
    id: 'kpis.pos',
    method: 'GET',
    path: '/pos/{id}/kpis',
    roles: ALL_ROLES,
    summary: 'A machine’s KPIs over the merchant’s last `days` days (default 30, 2 to 365), as /kpis for one machine',
    request: { params: PosParams, query: PosKpisQuery },
    response: Kpis,
    errors: { 404: ['PosNotFoundException'] },
    handler: ({ deps, principal, params, query }) => posKpis(deps, principal, params.id, query),
  }),
];

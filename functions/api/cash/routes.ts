import {
  AcceptanceStats,
  CashMerchantRangeQuery,
  CashPosRangeQuery,
  DeviceErrorPage,
  DeviceErrorsQuery,
  MovementStats,
  SubmoduleChart,
  SubmoduleChartQuery,
} from '#schemas/cash-stats';
import { PosParams } from '#schemas/pos';
import { ALL_ROLES, type Role } from '#schemas/roles';
import {
  merchantAcceptanceStats,
  merchantMovementStats,
  posAcceptanceStats,
  posDeviceErrors,
  posMovementStats,
  posSubmoduleChart,
} from '../../core/cash/statistics';
import { routeFor } from '../../http/manifest';
import type { CashGroupDeps } from './deps';

const route = routeFor<CashGroupDeps>();

/** Merchant-wide figures come from merchant counters: a group admin, who sees only its groups' machines, reads them per machine. */
const MERCHANT_WIDE: readonly Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARMERCHANTUSER'];

/** A cash-handling machine's own data (spec §7: cash-acceptance stats, /movements/stats, /pos/{p}/opos-errors, chart submodules), behind NEBULAR_CASH. */
export const routes = [
  route({
    id: 'cash.posAcceptanceStats',
    method: 'GET',
    path: '/pos/{id}/cash-acceptance/stats',
    roles: ALL_ROLES,
    feature: 'NEBULAR_CASH',
    summary:
      'A machine’s accepted and rejected coins and notes over the merchant’s days from–to (default the last 30, at most 366): totals, by denomination, by reason, per day',
    request: { params: PosParams, query: CashPosRangeQuery },
    response: AcceptanceStats,
    handler: ({ deps, principal, params, query }) => posAcceptanceStats(deps, principal, params.id, query),
  }),
  route({
    id: 'cash.merchantAcceptanceStats',
    method: 'GET',
    path: '/cash-acceptance/stats',
    roles: MERCHANT_WIDE,
    feature: 'NEBULAR_CASH',
    summary: 'A merchant’s accepted and rejected coins and notes over its days from–to (default the last 30, at most 366)',
    request: { query: CashMerchantRangeQuery },
    response: AcceptanceStats,
    handler: ({ deps, principal, query }) => merchantAcceptanceStats(deps, principal, query),
  }),
  route({
    id: 'cash.posMovementStats',
    method: 'GET',
    path: '/pos/{id}/movements/stats',
    roles: ALL_ROLES,
    feature: 'NEBULAR_CASH',
    summary: 'A machine’s cash movements over the merchant’s days from–to: totals per kind, and the balance its cash should hold before, after and each day',
    request: { params: PosParams, query: CashPosRangeQuery },
    response: MovementStats,
    handler: ({ deps, principal, params, query }) => posMovementStats(deps, principal, params.id, query),
  }),
  route({
    id: 'cash.merchantMovementStats',
    method: 'GET',
    path: '/movements/stats',
    roles: MERCHANT_WIDE,
    feature: 'NEBULAR_CASH',
    summary: 'A merchant’s cash movements over its days from–to: totals per kind and the running balance of all its machines',
    request: { query: CashMerchantRangeQuery },
    response: MovementStats,
    handler: ({ deps, principal, query }) => merchantMovementStats(deps, principal, query),
  }),
  route({
    id: 'cash.posDeviceErrors',
    method: 'GET',
    path: '/pos/{id}/opos-errors',
    roles: ALL_ROLES,
    feature: 'NEBULAR_CASH',
    summary:
      'A machine’s cash device errors (OPOS result and extended codes), newest first unless ordType=asc, a page; optional device, code (result code), from/to',
    request: { params: PosParams, query: DeviceErrorsQuery },
    response: DeviceErrorPage,
    handler: ({ deps, principal, params, query }) => posDeviceErrors(deps, principal, params.id, query),
  }),
  route({
    id: 'cash.posSubmoduleChart',
    method: 'GET',
    path: '/pos/{id}/sensors/chart',
    roles: ALL_ROLES,
    feature: 'NEBULAR_CASH',
    summary: 'A machine’s sensor readings between two instants (at most 31 days), oldest first; optionally one submodule’s sensors',
    request: { params: PosParams, query: SubmoduleChartQuery },
    response: SubmoduleChart,
    handler: ({ deps, principal, params, query }) => posSubmoduleChart(deps, principal, params.id, query),
  }),
];

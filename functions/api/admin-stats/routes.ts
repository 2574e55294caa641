import { SUPER_ADMIN } from '#schemas/roles';
import { AdminMediaStats, AdminMerchantStats, AdminPosStats, AdminTransactionStats } from '#schemas/admin-stats';
import { mediaStats, merchantStats, posStats, transactionStats } from '../../core/admin-stats/use-cases';
import { routeFor } from '../../http/manifest';
import type { AdminStatsGroupDeps } from './deps';

const route = routeFor<AdminStatsGroupDeps>();

export const routes = [
  route({
    id: 'adminStats.merchants',
    method: 'GET',
    path: '/admin/stats/merchants',
    roles: SUPER_ADMIN,
    summary: 'Merchants by country and by feature, from the merchants’ counter (1 GetItem)',
    response: AdminMerchantStats,
    handler: ({ deps }) => merchantStats(deps),
  }),
  route({
    id: 'adminStats.pointsofsale',
    method: 'GET',
    path: '/admin/stats/pointsofsale',
    roles: SUPER_ADMIN,
    summary: 'Machines by device type, connection and status across the platform, from each merchant’s machine counter (1 BatchGetItem per 100 merchants)',
    response: AdminPosStats,
    handler: ({ deps }) => posStats(deps),
  }),
  route({
    id: 'adminStats.medias',
    method: 'GET',
    path: '/admin/stats/medias',
    roles: SUPER_ADMIN,
    summary: 'Cashless media by type and status across the platform, from each merchant’s media counter (1 BatchGetItem per 100 merchants)',
    response: AdminMediaStats,
    handler: ({ deps }) => mediaStats(deps),
  }),
  route({
    id: 'adminStats.transactions',
    method: 'GET',
    path: '/admin/stats/transactions',
    roles: SUPER_ADMIN,
    summary:
      'Transactions per day of the last 30 days across the platform, per category, and what was sold per currency, from each merchant’s statistics days (≤ 2 Queries a merchant)',
    response: AdminTransactionStats,
    handler: ({ deps }) => transactionStats(deps),
  }),
];

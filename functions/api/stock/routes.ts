import * as z from 'zod/mini';
import { PosParams } from '#schemas/pos-entity';
import { NOT_MERCHANT_USER, ALL_ROLES } from '#schemas/roles';
import { MachineStock, PickList, PickListQuery, StockLinesInput, StockManagePage, StockManageQuery } from '#schemas/stock';
import { editStockLines, fullRefillStock, getStock, listStock, pickList, pickListCsv } from '../../core/stock/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { StockGroupDeps } from './deps';

const route = routeFor<StockGroupDeps>();

// Literal paths (/stock/pick-list/csv) are matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'stock.get',
    method: 'GET',
    path: '/pos/{id}/stock',
    roles: ALL_ROLES,
    feature: 'PRODUCTS_STOCK',
    summary:
      'A machine’s stock per planogram line: value, status (1 out, 4 low, 9 in stock), stock type, last refill, sales of the last 30 days and days to sell out; 404 StockNotManagedException without a planogram or stock management',
    request: { params: PosParams },
    response: MachineStock,
    handler: ({ deps, principal, params }) => getStock(deps, principal, params.id),
  }),
  route({
    id: 'stock.editLines',
    method: 'PUT',
    path: '/pos/{id}/stock',
    roles: NOT_MERCHANT_USER,
    feature: 'PRODUCTS_STOCK',
    summary:
      'Set the value of some lines (0 … capacity: 400 StockValueAboveCapacityException naming the line; a selection not in the planogram: 404 StockLineNotFoundException)',
    request: { params: PosParams, body: StockLinesInput },
    response: MachineStock,
    errors: { 409: ['StockChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => editStockLines(deps, principal, params.id, body),
  }),
  route({
    id: 'stock.fullRefill',
    method: 'POST',
    path: '/pos/{id}/stock/full-refill',
    roles: NOT_MERCHANT_USER,
    feature: 'PRODUCTS_STOCK',
    summary: 'Full refill: every line to its refill value, now',
    request: { params: PosParams },
    response: MachineStock,
    errors: { 409: ['StockChangedConcurrentlyException'] },
    handler: ({ deps, principal, params }) => fullRefillStock(deps, principal, params.id),
  }),
  route({
    id: 'stock.manage',
    method: 'GET',
    path: '/stock/manage',
    roles: ALL_ROLES,
    feature: 'PRODUCTS_STOCK',
    summary:
      'The merchant’s machines with stock management (a group admin: its groups’), sorted by fill %, with lines out and low; filters group, client, planogram, status',
    request: { query: StockManageQuery },
    response: StockManagePage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listStock(deps, principal, query),
  }),
  route({
    id: 'stock.pickList',
    method: 'GET',
    path: '/stock/pick-list',
    roles: ALL_ROLES,
    feature: 'PRODUCTS_STOCK',
    summary:
      'What to bring to a group’s, a client’s or chosen machines (at most 500): per product the refill value minus the current value summed over its lines; per machine the days until its first line runs out at the last 30 days’ sales rate',
    request: { query: PickListQuery },
    response: PickList,
    errors: { 404: ['MerchantNotFoundException', 'StockNotManagedException'] },
    handler: ({ deps, principal, query }) => pickList(deps, principal, query),
  }),
  route({
    id: 'stock.pickListCsv',
    method: 'GET',
    path: '/stock/pick-list/csv',
    roles: ALL_ROLES,
    feature: 'PRODUCTS_STOCK',
    summary: 'The pick list as CSV: one row per product and line',
    request: { query: PickListQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: { 404: ['MerchantNotFoundException', 'StockNotManagedException'] },
    handler: async ({ deps, principal, query }) => attachment(`pick-list-${query.merchantId}.csv`, await pickListCsv(deps, principal, query)),
  }),
];

import { PosParams } from '#schemas/pos-entity';
import {
  BulkPriceApply,
  BulkPriceChange,
  BulkPricePreview,
  BulkPriceResult,
  MAX_BULK_MACHINES,
  PosPrices,
  PriceHistoryQuery,
  PricesCancel,
  PricesSave,
  PriceVersionPage,
} from '#schemas/prices';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import { applyBulkChange, previewBulkChange } from '../../core/prices/bulk';
import { cancelPrices, getPrices, listPriceHistory, savePrices } from '../../core/prices/use-cases';
import { routeFor } from '../../http/manifest';
import type { PricesGroupDeps } from './deps';

const route = routeFor<PricesGroupDeps>();

const SAVE_ERRORS = { 409: ['PricesChangedConcurrentlyException', 'PosWithoutPlanogramException'] } as const;
const BULK_ERRORS = {
  400: ['TooManyBulkMachinesException'],
  404: ['MerchantNotFoundException', 'ProductNotFoundException', 'PlanogramNotFoundException', 'GroupNotFoundException', 'PosNotFoundException'],
} as const;

/** A machine's prices: read, save, cancel, their versions; a change across many machines (schemas/prices.ts; sends: price-sends). */
export const routes = [
  route({
    id: 'prices.get',
    method: 'GET',
    path: '/pos/{id}/prices',
    roles: ALL_ROLES,
    feature: 'NEBULAR_VENDING',
    summary:
      'The machine’s planogram lines and their prices (8 tables, minor units of the merchant’s currency), with their sync: status, origin, last sync, the send in flight',
    request: { params: PosParams },
    response: PosPrices,
    handler: ({ deps, principal, params }) => getPrices(deps, principal, params.id),
  }),
  route({
    id: 'prices.save',
    method: 'PUT',
    path: '/pos/{id}/prices',
    roles: NOT_MERCHANT_USER,
    feature: 'NEBULAR_VENDING',
    summary:
      'Save the whole price set at the version edited: a new version, pending until the machine runs it. Lines are the planogram’s selections (400 naming the entry otherwise); 409 PricesChangedConcurrentlyException when another change came first',
    request: { params: PosParams, body: PricesSave },
    response: PosPrices,
    errors: SAVE_ERRORS,
    handler: ({ deps, principal, params, body }) => savePrices(deps, principal, params.id, body),
  }),
  route({
    id: 'prices.cancel',
    method: 'POST',
    path: '/pos/{id}/prices/cancel',
    roles: NOT_MERCHANT_USER,
    feature: 'NEBULAR_VENDING',
    summary: 'Go back to the prices the machine runs as of the last sync (a new version, sync)',
    request: { params: PosParams, body: PricesCancel },
    response: PosPrices,
    errors: { 409: ['PricesChangedConcurrentlyException', 'NoSyncedPricesException'] },
    handler: ({ deps, principal, params, body }) => cancelPrices(deps, principal, params.id, body),
  }),
  route({
    id: 'prices.history',
    method: 'GET',
    path: '/pos/{id}/historical-prices',
    roles: ALL_ROLES,
    feature: 'NEBULAR_VENDING',
    summary: 'Every version of the machine’s prices with who made it, when and how (save, bulk, cancel, device), newest first unless ordType=asc, a page',
    request: { params: PosParams, query: PriceHistoryQuery },
    response: PriceVersionPage,
    handler: ({ deps, principal, params, query }) => listPriceHistory(deps, principal, params.id, query),
  }),
  route({
    id: 'prices.bulkPreview',
    method: 'POST',
    path: '/prices/bulk/preview',
    roles: NOT_MERCHANT_USER,
    feature: 'NEBULAR_VENDING',
    featureMerchant: 'body',
    summary: `Preview a price change of a product on some tables (set a value or add a delta) across a planogram’s, a group’s or chosen machines (at most ${MAX_BULK_MACHINES}): only the machines whose current price differs`,
    request: { body: BulkPriceChange },
    response: BulkPricePreview,
    errors: BULK_ERRORS,
    handler: ({ deps, principal, body }) => previewBulkChange(deps, principal, body),
  }),
  route({
    id: 'prices.bulkApply',
    method: 'POST',
    path: '/prices/bulk',
    roles: NOT_MERCHANT_USER,
    feature: 'NEBULAR_VENDING',
    featureMerchant: 'body',
    summary: 'Apply a previewed price change: each machine of `versions` saved at that version (pending), with one outcome per machine',
    request: { body: BulkPriceApply },
    response: BulkPriceResult,
    errors: BULK_ERRORS,
    handler: ({ deps, principal, body }) => applyBulkChange(deps, principal, body),
  }),
];

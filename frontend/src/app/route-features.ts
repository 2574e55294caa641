import type { ApiRouteId } from '#schemas/api-roles';
import type { FeatureFlag } from '#schemas/features';
import type { RemoteCommandType } from '#schemas/remote-command';
import type { ProtectedRoute } from './route-roles';

/**
 * The merchant feature each screen belongs to (README "Merchant features"; the API routes behind them declare the same
 * flag in their manifest). A merchant without it has no menu entry for the screen, and an address typed by hand shows
 * the "not enabled for this distributor" screen. The areas not built yet are declared already.
 */
export const ROUTE_FEATURES: Partial<Record<ProtectedRoute, FeatureFlag>> = {
  // Customers and media
  '/customers-medias': 'CUSTOMERS_MEDIA',
  '/customers-medias/medias': 'CUSTOMERS_MEDIA',
  '/customers-medias/medias/:mediaId': 'CUSTOMERS_MEDIA',
  '/customers-medias/medias/:mediaId/transactions': 'CUSTOMERS_MEDIA',
  '/customers-medias/medias/:mediaId/refunds': 'CUSTOMERS_MEDIA',
  '/customers-medias/customers': 'CUSTOMERS_MEDIA',
  '/customers-medias/customers/:id': 'CUSTOMERS_MEDIA',
  '/customers-medias/customers/:id/transactions': 'CUSTOMERS_MEDIA',
  '/customers-medias/customers/:id/medias': 'CUSTOMERS_MEDIA',
  // Stock
  '/devices/manage-stock': 'PRODUCTS_STOCK',
  '/devices/pick-list': 'PRODUCTS_STOCK',
  '/devices/:id/stock': 'PRODUCTS_STOCK',
  // The vending product: catalogue, planograms, prices
  '/devices/prices-bulk': 'NEBULAR_VENDING',
  '/devices/:id/prices': 'NEBULAR_VENDING',
  '/manage/products': 'NEBULAR_VENDING',
  '/manage/products/create': 'NEBULAR_VENDING',
  '/manage/products/custom-parameters': 'NEBULAR_VENDING',
  '/manage/products/:id': 'NEBULAR_VENDING',
  '/manage/planograms': 'NEBULAR_VENDING',
  '/manage/planograms/create': 'NEBULAR_VENDING',
  '/manage/planograms/:id': 'NEBULAR_VENDING',
  // Network, remote configurations, advanced alarms
  '/devices/:id/signal': 'NETWORK',
  '/devices/:id/custom-config': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations/create': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations/:id': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations/:id/send': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations/download': 'REMOTE_CONFIGURATIONS',
  '/devices/vp/configurations/pos': 'REMOTE_CONFIGURATIONS',
  '/manage/notifications': 'ADVANCED_ALARMS',
  // Web payments
  '/transactions/webpayment-orders': 'WEBPAYMENTS',
  '/transactions/webpayment-order-details': 'WEBPAYMENTS',
  // Firmware and cash databases, the cash-handling product
  '/devices/firmware-rules': 'FIRMWARE_UPDATE',
  '/manage/cash-database': 'CASHDB_UPDATE',
  '/manage/cash-database/create': 'CASHDB_UPDATE',
  '/manage/cash-database/:id': 'CASHDB_UPDATE',
  '/manage/cash-database-rules': 'CASHDB_UPDATE',
  '/service-manager': 'NEBULAR_CASH',
  '/devices/:id/cash-data': 'NEBULAR_CASH',
  '/devices/:id/pos-sensordirtyness': 'NEBULAR_CASH',
  '/devices/cash-overview': 'NEBULAR_CASH',
};

/**
 * The API routes (manifest ids) that make each built screen of a feature: every one declares the screen's flag in its
 * routes.ts, and every flagged route is here under a screen of its flag (test/unit/route-features-manifest.test.ts
 * compares both ways). A screen calls other, unflagged routes too (a merchant's settings): those are not listed.
 */
export const FEATURE_SCREEN_ROUTES: Partial<Record<ProtectedRoute, readonly ApiRouteId[]>> = {
  '/customers-medias/medias': ['medias.list', 'medias.all', 'medias.usedTypes', 'medias.validateSerials', 'medias.batchRefund'],
  '/customers-medias/medias/:mediaId': [
    'medias.get',
    'medias.refund',
    'medias.refundMachine',
    'medias.lostMyKey',
    'medias.block',
    'medias.unblock',
    'medias.unblockTokens',
    'medias.setSapCode',
  ],
  '/customers-medias/medias/:mediaId/transactions': ['medias.transactions'],
  '/customers-medias/medias/:mediaId/refunds': ['medias.refunds'],
  '/customers-medias/customers': ['customers.list', 'customers.csv'],
  '/customers-medias/customers/:id': ['customers.get', 'customers.privacy'],
  '/customers-medias/customers/:id/transactions': ['customers.transactions'],
  '/customers-medias/customers/:id/medias': ['customers.medias', 'customers.associateMedia', 'customers.dissociateMedia'],
  '/devices/manage-stock': ['stock.manage'],
  '/devices/pick-list': ['stock.pickList', 'stock.pickListCsv'],
  '/devices/:id/stock': ['stock.get', 'stock.editLines', 'stock.fullRefill', 'pos.manageStock'],
  '/devices/prices-bulk': ['prices.bulkPreview', 'prices.bulkApply'],
  '/devices/:id/prices': ['prices.get', 'prices.save', 'prices.send', 'prices.cancel', 'prices.history'],
  '/manage/products': ['products.list', 'products.csv', 'products.import'],
  '/manage/products/create': ['products.create'],
  '/manage/products/custom-parameters': ['products.customParameters', 'products.putCustomParameters'],
  '/manage/products/:id': ['products.get', 'products.associations', 'products.update', 'products.delete'],
  '/manage/planograms': ['planograms.list'],
  '/manage/planograms/create': ['planograms.create'],
  '/manage/planograms/:id': ['planograms.get', 'planograms.update', 'planograms.delete'],
  '/devices/:id/signal': ['pos.historicalSignal'],
  '/devices/:id/custom-config': ['pos.customConfig', 'pos.saveCustomConfig'],
  '/manage/notifications': ['notifications.listOfMerchant', 'notifications.csvOfMerchant'],
  '/transactions/webpayment-orders': ['webpaymentOrders.list'],
  '/transactions/webpayment-order-details': ['webpaymentOrders.get'],
  '/devices/firmware-rules': [
    'firmwareRules.list',
    'firmwareRules.create',
    'firmwareRules.get',
    'firmwareRules.pause',
    'firmwareRules.resume',
    'firmwareRules.cancel',
    'firmwareRules.machines',
  ],
  '/manage/cash-database': ['cashDatabases.list'],
  '/manage/cash-database/create': ['cashDatabases.upload', 'cashDatabases.create'],
  '/manage/cash-database/:id': ['cashDatabases.get', 'cashDatabases.update', 'cashDatabases.delete', 'cashDatabases.download'],
  '/manage/cash-database-rules': [
    'cashDatabaseRules.list',
    'cashDatabaseRules.create',
    'cashDatabaseRules.get',
    'cashDatabaseRules.pause',
    'cashDatabaseRules.resume',
    'cashDatabaseRules.cancel',
  ],
  '/devices/vp/configurations': ['vpConfigurations.list'],
  '/devices/vp/configurations/create': ['vpConfigurations.create'],
  '/devices/vp/configurations/:id': [
    'vpConfigurations.get',
    'vpConfigurations.update',
    'vpConfigurations.versions',
    'vpConfigurations.version',
    'vpConfigurations.send',
    'vpConfigurations.download',
    'vpConfigurations.pos',
  ],
  '/service-manager': [
    'serviceManager.list',
    'serviceManager.get',
    'serviceManager.assign',
    'serviceManager.send',
    'serviceManager.changeClient',
    'serviceManager.unassign',
  ],
  '/devices/:id/cash-data': ['cash.posAcceptanceStats', 'cash.posMovementStats', 'cash.posDeviceErrors', 'cash.posSubmoduleChart'],
  '/devices/:id/pos-sensordirtyness': ['sensors.posDirtiness'],
  '/devices/cash-overview': ['cash.merchantAcceptanceStats', 'cash.merchantMovementStats', 'sensors.dirtinessStats'],
};

/**
 * The remote command types of a feature (the configuration sends): the wizard offers them only for a machine whose
 * merchant has it, as `remoteCommands.send` declares (`featureByBody`).
 */
export const COMMAND_TYPE_FEATURES: Partial<Record<RemoteCommandType, FeatureFlag>> = { 7: 'REMOTE_CONFIGURATIONS', 13: 'REMOTE_CONFIGURATIONS' };

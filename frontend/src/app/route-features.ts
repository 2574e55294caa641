import type { FeatureFlag } from '#schemas/features';
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
  // Firmware and cash databases (their screens come later), the cash-handling product
  '/devices/firmware-rules': 'FIRMWARE_UPDATE',
  '/manage/cash-database': 'CASHDB_UPDATE',
  '/manage/cash-database/create': 'CASHDB_UPDATE',
  '/manage/cash-database/:id': 'CASHDB_UPDATE',
  '/manage/cash-database-rules': 'CASHDB_UPDATE',
  '/service-manager': 'NEBULAR_CASH',
};

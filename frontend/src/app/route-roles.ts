import { ADMINS, ALL_ROLES, NOT_MERCHANT_USER, SUPER_ADMIN, type Role } from '#schemas/roles';

const SERVICE_MANAGER: readonly Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARMERCHANTUSER'];

/**
 * Who may open each protected screen (spec §2), keyed by the react-router path pattern. This one table
 * feeds the navigation guard and the side menu. Screens are added to the router as their issues land;
 * the patterns for the areas not built yet are here already so the permissions are decided in one place.
 */
export const ROUTE_ROLES = {
  // Dashboards
  '/dashboard': ALL_ROLES,
  '/merchants-dashboard': ALL_ROLES,
  '/distributor-kpis': ALL_ROLES,
  '/admin-dashboard': SUPER_ADMIN,

  // Admin (/admin → /admin/merchants)
  '/admin': SUPER_ADMIN,
  '/admin/merchants': SUPER_ADMIN,
  '/admin/merchants/create': SUPER_ADMIN,
  '/admin/merchants/:id': SUPER_ADMIN,
  '/admin/merchants/:id/setting': SUPER_ADMIN,
  '/admin/merchants/:id/sapcodes': SUPER_ADMIN,
  '/admin/sapcodes/create': SUPER_ADMIN,
  '/admin/sapcodes/:sapcodeid': SUPER_ADMIN,
  '/admin/users': SUPER_ADMIN,
  '/admin/users/create': SUPER_ADMIN,
  '/admin/users/:id': SUPER_ADMIN,
  '/admin/firmwares': SUPER_ADMIN,
  '/admin/firmwares/create': SUPER_ADMIN,
  '/admin/firmwares/:id': SUPER_ADMIN,
  '/admin/blogposts': SUPER_ADMIN,
  '/admin/blogposts/create': SUPER_ADMIN,
  '/admin/blogposts/:id': SUPER_ADMIN,
  '/admin/webpayment-services': SUPER_ADMIN,
  '/admin/webpayment-services/create': SUPER_ADMIN,
  '/admin/webpayment-services/:id': SUPER_ADMIN,
  '/admin/troubleshooting-alarm': SUPER_ADMIN,
  '/admin/troubleshooting-alarm/create': SUPER_ADMIN,
  '/admin/troubleshooting-alarm/:id': SUPER_ADMIN,
  '/admin/machines-report': SUPER_ADMIN,
  '/admin/sensors-thresholds-configuration': SUPER_ADMIN,

  // Alarms
  '/alarms': ALL_ROLES,

  // CogesKey preview
  '/cogeskey/preview': ADMINS,

  // Customers and media (/customers-medias → medias)
  '/customers-medias': ALL_ROLES,
  '/customers-medias/medias': ALL_ROLES,
  // Not in spec §2: a media's own screen, whose tabs are its transactions and refunds.
  '/customers-medias/medias/:mediaId': ALL_ROLES,
  '/customers-medias/medias/:mediaId/transactions': ALL_ROLES,
  '/customers-medias/medias/:mediaId/refunds': ALL_ROLES,
  '/customers-medias/customers': NOT_MERCHANT_USER,
  '/customers-medias/customers/:id': NOT_MERCHANT_USER,
  '/customers-medias/customers/:id/transactions': NOT_MERCHANT_USER,
  '/customers-medias/customers/:id/medias': NOT_MERCHANT_USER,

  // Devices (/devices → /devices/list)
  '/devices': ALL_ROLES,
  '/devices/list': ALL_ROLES,
  '/devices/firmware-rules': ALL_ROLES,
  '/devices/manage-stock': ALL_ROLES,
  '/devices/pick-list': ALL_ROLES,
  '/devices/remote-commands': NOT_MERCHANT_USER,
  // Not in spec §2: the bulk price change (issue 19), for the roles that change prices.
  '/devices/prices-bulk': NOT_MERCHANT_USER,
  '/devices/vp/configurations': ALL_ROLES,
  '/devices/vp/configurations/create': NOT_MERCHANT_USER,
  '/devices/vp/configurations/:id': ALL_ROLES,
  '/devices/vp/configurations/:id/send': NOT_MERCHANT_USER,
  '/devices/vp/configurations/download': ALL_ROLES,
  '/devices/vp/configurations/pos': NOT_MERCHANT_USER,
  '/devices/:id': ALL_ROLES,
  '/devices/:id/pos-alarms': ALL_ROLES,
  '/devices/:id/notes': ALL_ROLES,
  '/devices/:id/notes/create': ALL_ROLES,
  '/devices/:id/kpis': ALL_ROLES,
  '/devices/:id/audits': ALL_ROLES,
  '/devices/:id/configs': ALL_ROLES,
  '/devices/:id/custom-config': ALL_ROLES,
  '/devices/:id/configs/:historicalId': ALL_ROLES,
  '/devices/:id/details': ALL_ROLES,
  '/devices/:id/cash': ALL_ROLES,
  '/devices/:id/prices': ALL_ROLES,
  '/devices/:id/remote-commands': ALL_ROLES,
  '/devices/:id/stock': ALL_ROLES,
  '/devices/:id/signal': ALL_ROLES,
  '/devices/:id/temperature': ALL_ROLES,
  '/devices/:id/transactions': ALL_ROLES,
  '/devices/:id/pos-sensordirtyness': SUPER_ADMIN,
  // Not in spec §2: the cash-handling machine's acceptance, movements, device errors and sensors (issue 31), and the merchant's.
  '/devices/:id/cash-data': ALL_ROLES,
  '/devices/cash-overview': SERVICE_MANAGER,

  // Manage (/manage → clients for merchant user, groups for group admin, users otherwise)
  '/manage': ALL_ROLES,
  '/manage/users': ADMINS,
  '/manage/users/create': ADMINS,
  '/manage/users/:id': ADMINS,
  '/manage/merchant-settings': ADMINS,
  '/manage/merchant-alarms-settings': ADMINS,
  '/manage/merchant-alarms-settings/create': ADMINS,
  '/manage/merchant-alarms-settings/:id': ADMINS,
  '/manage/notifications': ADMINS,
  // Not in spec §2: the audit trail of who changed what (issue 28), the merchant's administrators' (any merchant's for the super admin).
  '/manage/audit-log': ADMINS,
  '/manage/groups': NOT_MERCHANT_USER,
  '/manage/groups/:id': NOT_MERCHANT_USER,
  '/manage/clients': ALL_ROLES,
  '/manage/clients/create': ALL_ROLES,
  '/manage/clients/:id': ALL_ROLES,
  '/manage/products': ALL_ROLES,
  '/manage/products/create': ADMINS,
  '/manage/products/custom-parameters': ALL_ROLES,
  '/manage/products/:id': ALL_ROLES,
  '/manage/planograms': ALL_ROLES,
  '/manage/planograms/create': ALL_ROLES,
  '/manage/planograms/:id': ALL_ROLES,
  '/manage/no-vend-profiles': ALL_ROLES,
  '/manage/no-vend-profiles/create': ALL_ROLES,
  '/manage/no-vend-profiles/:id': ALL_ROLES,
  '/manage/cash-database': ALL_ROLES,
  '/manage/cash-database/create': ALL_ROLES,
  '/manage/cash-database/:id': ALL_ROLES,
  '/manage/cash-database-rules': NOT_MERCHANT_USER,
  '/manage/screen-configurations': ADMINS,
  '/manage/screen-configuration/create': ADMINS,
  '/manage/screen-configuration/:id': ADMINS,
  '/manage/screen-configuration-whitelist': ADMINS,
  '/manage/screen-configuration-whitelist/create': ADMINS,
  '/manage/storageconfig': ADMINS,
  '/manage/data-retrieval-requests': ADMINS,
  '/manage/data-retrieval-requests-create': ADMINS,
  '/manage/cogeskey-portal': SUPER_ADMIN,

  // Service manager
  '/service-manager': SERVICE_MANAGER,

  // Settings (/settings → profile)
  '/settings': ALL_ROLES,
  '/settings/profile': ALL_ROLES,
  '/settings/password': ALL_ROLES,

  // Transactions
  '/transactions/data': ALL_ROLES,
  '/transactions/stats': ALL_ROLES,
  '/transactions/webpayment-orders': ALL_ROLES,
  '/transactions/webpayment-order-details': ALL_ROLES,
  '/transactions/reports': ALL_ROLES,
  '/transactions/reports/result': ALL_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type ProtectedRoute = keyof typeof ROUTE_ROLES;

export function canOpen(route: ProtectedRoute, role: Role | null | undefined): boolean {
  return role != null && ROUTE_ROLES[route].includes(role);
}

/** Spec §2: /manage opens clients for a merchant user, groups for a group admin, users for administrators. */
export function manageHome(role: Role | null | undefined): ProtectedRoute {
  if (role === 'NEBULARMERCHANTUSER') return '/manage/clients';
  if (role === 'NEBULARGROUPADMIN') return '/manage/groups';
  return '/manage/users';
}

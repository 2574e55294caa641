import type { FeatureFlag } from '#schemas/features';
import type { Role } from '#schemas/roles';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import type { IconName } from '../components/Icon';
import { canOpen, type ProtectedRoute } from './route-roles';

/** One side-menu entry. Roles come from the route table; a feature flag hides it for merchants without it. */
export interface MenuEntry {
  id: string;
  route: ProtectedRoute;
  messageId: string;
  /** A glyph from the icon set in components/Icon. */
  icon: IconName;
  feature?: FeatureFlag;
}

/** The side menu, in display order. Later issues add their areas here as their screens land. */
export const MENU: readonly MenuEntry[] = [
  { id: 'dashboard', route: '/dashboard', messageId: 'menu.dashboard', icon: 'dashboard' },
  // Devices (all roles)
  { id: 'devices', route: '/devices/list', messageId: 'devices.menu', icon: 'devices' },
  { id: 'devices-manage-stock', route: '/devices/manage-stock', messageId: 'stock.manage.menu', icon: 'inventory', feature: 'PRODUCTS_STOCK' },
  { id: 'devices-pick-list', route: '/devices/pick-list', messageId: 'stock.pickList.menu', icon: 'checklist', feature: 'PRODUCTS_STOCK' },
  { id: 'alarms', route: '/alarms', messageId: 'alarms.menu', icon: 'alarm' },
  { id: 'devices-remote-commands', route: '/devices/remote-commands', messageId: 'remoteCommands.menu', icon: 'send' },
  { id: 'devices-prices-bulk', route: '/devices/prices-bulk', messageId: 'prices.bulk.menu', icon: 'price' },
  // Transactions (all roles); web payment orders need the merchant's WEBPAYMENTS
  { id: 'transactions-data', route: '/transactions/data', messageId: 'transactions.menu.data', icon: 'receipt' },
  { id: 'transactions-stats', route: '/transactions/stats', messageId: 'transactions.menu.stats', icon: 'barChart' },
  { id: 'transactions-webpayment-orders', route: '/transactions/webpayment-orders', messageId: 'webpaymentOrders.menu', icon: 'cart', feature: 'WEBPAYMENTS' },
  // Customers and media
  { id: 'customers-medias-medias', route: '/customers-medias/medias', messageId: 'medias.menu', icon: 'card', feature: 'CUSTOMERS_MEDIA' },
  { id: 'customers-medias-customers', route: '/customers-medias/customers', messageId: 'customers.menu', icon: 'face', feature: 'CUSTOMERS_MEDIA' },
  // Admin (super admin)
  { id: 'admin-merchants', route: '/admin/merchants', messageId: 'merchants.menu', icon: 'store' },
  { id: 'admin-users', route: '/admin/users', messageId: 'users.menu.admin', icon: 'people' },
  { id: 'admin-troubleshooting', route: '/admin/troubleshooting-alarm', messageId: 'troubleshooting.menu', icon: 'build' },
  // Manage
  { id: 'manage-users', route: '/manage/users', messageId: 'users.menu.manage', icon: 'people' },
  { id: 'manage-groups', route: '/manage/groups', messageId: 'groups.menu', icon: 'workspaces' },
  { id: 'manage-clients', route: '/manage/clients', messageId: 'clients.menu', icon: 'business' },
  { id: 'manage-products', route: '/manage/products', messageId: 'products.menu', icon: 'category' },
  { id: 'manage-planograms', route: '/manage/planograms', messageId: 'planograms.menu', icon: 'grid' },
  { id: 'manage-no-vend-profiles', route: '/manage/no-vend-profiles', messageId: 'noVendProfiles.menu', icon: 'lock' },
  { id: 'manage-alarm-settings', route: '/manage/merchant-alarms-settings', messageId: 'alarmSettings.menu', icon: 'notifications' },
  { id: 'manage-notifications', route: '/manage/notifications', messageId: 'notifications.menu', icon: 'mail' },
  { id: 'manage-audit-log', route: '/manage/audit-log', messageId: 'auditLog.menu', icon: 'history' },
  { id: 'manage-data-retrieval-requests', route: '/manage/data-retrieval-requests', messageId: 'dataRequests.menu', icon: 'download' },
  // Settings (all roles)
  { id: 'settings-profile', route: '/settings/profile', messageId: 'settings.menu.profile', icon: 'account' },
  { id: 'settings-password', route: '/settings/password', messageId: 'settings.menu.password', icon: 'lock' },
];

/**
 * The entries a role sees. A feature-gated entry needs the flag on the current merchant; with "all
 * distributors" selected (super admin) every feature counts as available.
 */
export function menuFor(role: Role | null, merchant: { id: string; features: readonly string[] } | null): MenuEntry[] {
  return MENU.filter((entry) => {
    if (!canOpen(entry.route, role)) return false;
    if (!entry.feature) return true;
    if (!merchant) return false;
    return merchant.id === ALL_DISTRIBUTORS_ID || merchant.features.includes(entry.feature);
  });
}

import type { FeatureFlag } from '#schemas/features';
import type { Role } from '#schemas/roles';
import { hasFeature } from '../lib/merchant-features';
import type { IconName } from '../components/Icon';
import { ROUTE_FEATURES } from './route-features';
import { canOpen, type ProtectedRoute } from './route-roles';

/** One side-menu entry. Roles come from the route table; a feature flag hides it for merchants without it. */
export interface MenuEntry {
  id: string;
  route: ProtectedRoute;
  messageId: string;
  /** A glyph from the icon set in components/Icon. */
  icon: IconName;
  /** The feature of its screen (app/route-features.ts, the one declaration the guard reads too). */
  feature?: FeatureFlag;
}

const entry = (e: Omit<MenuEntry, 'feature'>): MenuEntry => {
  const feature = ROUTE_FEATURES[e.route];
  return feature ? { ...e, feature } : e;
};

/** The side menu, in display order. Later issues add their areas here as their screens land. */
export const MENU: readonly MenuEntry[] = [
  entry({ id: 'dashboard', route: '/dashboard', messageId: 'menu.dashboard', icon: 'dashboard' }),
  // Devices (all roles)
  entry({ id: 'devices', route: '/devices/list', messageId: 'devices.menu', icon: 'devices' }),
  entry({ id: 'devices-manage-stock', route: '/devices/manage-stock', messageId: 'stock.manage.menu', icon: 'inventory' }),
  entry({ id: 'devices-pick-list', route: '/devices/pick-list', messageId: 'stock.pickList.menu', icon: 'checklist' }),
  entry({ id: 'alarms', route: '/alarms', messageId: 'alarms.menu', icon: 'alarm' }),
  entry({ id: 'devices-remote-commands', route: '/devices/remote-commands', messageId: 'remoteCommands.menu', icon: 'send' }),
  entry({ id: 'devices-prices-bulk', route: '/devices/prices-bulk', messageId: 'prices.bulk.menu', icon: 'price' }),
  // Transactions (all roles)
  entry({ id: 'transactions-data', route: '/transactions/data', messageId: 'transactions.menu.data', icon: 'receipt' }),
  entry({ id: 'transactions-stats', route: '/transactions/stats', messageId: 'transactions.menu.stats', icon: 'barChart' }),
  entry({ id: 'transactions-webpayment-orders', route: '/transactions/webpayment-orders', messageId: 'webpaymentOrders.menu', icon: 'cart' }),
  // Customers and media
  entry({ id: 'customers-medias-medias', route: '/customers-medias/medias', messageId: 'medias.menu', icon: 'card' }),
  entry({ id: 'customers-medias-customers', route: '/customers-medias/customers', messageId: 'customers.menu', icon: 'face' }),
  // Admin (super admin)
  entry({ id: 'admin-merchants', route: '/admin/merchants', messageId: 'merchants.menu', icon: 'store' }),
  entry({ id: 'admin-users', route: '/admin/users', messageId: 'users.menu.admin', icon: 'people' }),
  entry({ id: 'admin-troubleshooting', route: '/admin/troubleshooting-alarm', messageId: 'troubleshooting.menu', icon: 'build' }),
  // Manage
  entry({ id: 'manage-users', route: '/manage/users', messageId: 'users.menu.manage', icon: 'people' }),
  entry({ id: 'manage-groups', route: '/manage/groups', messageId: 'groups.menu', icon: 'workspaces' }),
  entry({ id: 'manage-clients', route: '/manage/clients', messageId: 'clients.menu', icon: 'business' }),
  entry({ id: 'manage-products', route: '/manage/products', messageId: 'products.menu', icon: 'category' }),
  entry({ id: 'manage-planograms', route: '/manage/planograms', messageId: 'planograms.menu', icon: 'grid' }),
  entry({ id: 'manage-no-vend-profiles', route: '/manage/no-vend-profiles', messageId: 'noVendProfiles.menu', icon: 'lock' }),
  entry({ id: 'manage-alarm-settings', route: '/manage/merchant-alarms-settings', messageId: 'alarmSettings.menu', icon: 'notifications' }),
  entry({ id: 'manage-notifications', route: '/manage/notifications', messageId: 'notifications.menu', icon: 'mail' }),
  entry({ id: 'manage-data-retrieval-requests', route: '/manage/data-retrieval-requests', messageId: 'dataRequests.menu', icon: 'download' }),
  // Settings (all roles)
  entry({ id: 'settings-profile', route: '/settings/profile', messageId: 'settings.menu.profile', icon: 'account' }),
  entry({ id: 'settings-password', route: '/settings/password', messageId: 'settings.menu.password', icon: 'lock' }),
];

/**
 * The entries a role sees. A feature-gated entry needs the flag on the current merchant; with "all
 * distributors" selected (super admin) every feature counts as available.
 */
export function menuFor(role: Role | null, merchant: { id: string; features: readonly string[] } | null): MenuEntry[] {
  return MENU.filter((e) => {
    if (!canOpen(e.route, role)) return false;
    return !e.feature || hasFeature(merchant, e.feature);
  });
}

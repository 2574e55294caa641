import type { FeatureFlag } from '#schemas/features';
import type { Role } from '#schemas/roles';
import { hasFeature } from '../lib/merchant-features';
import type { IconName } from '../components/Icon';
import { ROUTE_FEATURES } from './route-features';
import { canOpen, type ProtectedRoute } from './route-roles';

/** The spec's areas (§2), in the menu's order: each a collapsible group of entries. */
export const MENU_GROUPS = [
  { id: 'devices', messageId: 'menu.group.devices' },
  { id: 'transactions', messageId: 'menu.group.transactions' },
  { id: 'customers-medias', messageId: 'menu.group.customersMedias' },
  { id: 'manage', messageId: 'menu.group.manage' },
  { id: 'admin', messageId: 'menu.group.admin' },
  { id: 'service-manager', messageId: 'menu.group.serviceManager' },
  { id: 'settings', messageId: 'menu.group.settings' },
] as const;
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];

/** One side-menu entry. Roles come from the route table; a feature flag hides it for merchants without it. */
export interface MenuEntry {
  id: string;
  route: ProtectedRoute;
  messageId: string;
  /** A glyph from the icon set in components/Icon. */
  icon: IconName;
  /** The feature of its screen (app/route-features.ts, the one declaration the guard reads too). */
  feature?: FeatureFlag;
  /** Its area; an entry without one (the dashboard) stands above the groups. */
  group?: MenuGroupId;
}

const entry = (e: Omit<MenuEntry, 'feature'>): MenuEntry => {
  const feature = ROUTE_FEATURES[e.route];
  return feature ? { ...e, feature } : e;
};

/** The side menu, in display order within each group. Later issues add their areas here as their screens land. */
export const MENU: readonly MenuEntry[] = [
  entry({ id: 'dashboard', route: '/dashboard', messageId: 'menu.dashboard', icon: 'dashboard' }),
  entry({ id: 'merchants-dashboard', route: '/merchants-dashboard', messageId: 'merchantsDashboard.menu', icon: 'store' }),
  entry({ id: 'admin-dashboard', route: '/admin-dashboard', messageId: 'adminDashboard.menu', icon: 'barChart' }),
  // Devices (all roles)
  entry({ id: 'devices', route: '/devices/list', messageId: 'devices.menu', icon: 'devices', group: 'devices' }),
  entry({ id: 'devices-manage-stock', route: '/devices/manage-stock', messageId: 'stock.manage.menu', icon: 'inventory', group: 'devices' }),
  entry({ id: 'devices-pick-list', route: '/devices/pick-list', messageId: 'stock.pickList.menu', icon: 'checklist', group: 'devices' }),
  entry({ id: 'alarms', route: '/alarms', messageId: 'alarms.menu', icon: 'alarm', group: 'devices' }),
  entry({ id: 'devices-remote-commands', route: '/devices/remote-commands', messageId: 'remoteCommands.menu', icon: 'send', group: 'devices' }),
  entry({ id: 'devices-firmware-rules', route: '/devices/firmware-rules', messageId: 'firmwareRules.menu', icon: 'download', group: 'devices' }),
  entry({ id: 'devices-vp-configurations', route: '/devices/vp/configurations', messageId: 'vpConfigurations.menu', icon: 'tune', group: 'devices' }),
  entry({ id: 'devices-prices-bulk', route: '/devices/prices-bulk', messageId: 'prices.bulk.menu', icon: 'price', group: 'devices' }),
  entry({ id: 'devices-cash-overview', route: '/devices/cash-overview', messageId: 'cashData.overview.menu', icon: 'barChart', group: 'devices' }),
  entry({ id: 'distributor-kpis', route: '/distributor-kpis', messageId: 'kpis.menu', icon: 'barChart', group: 'devices' }),
  // Transactions (all roles); web payment orders need the merchant's WEBPAYMENTS
  entry({ id: 'transactions-data', route: '/transactions/data', messageId: 'transactions.menu.data', icon: 'receipt', group: 'transactions' }),
  entry({ id: 'transactions-stats', route: '/transactions/stats', messageId: 'transactions.menu.stats', icon: 'barChart', group: 'transactions' }),
  entry({ id: 'transactions-reports', route: '/transactions/reports', messageId: 'reports.menu', icon: 'checklist', group: 'transactions' }),
  entry({
    id: 'transactions-webpayment-orders',
    route: '/transactions/webpayment-orders',
    messageId: 'webpaymentOrders.menu',
    icon: 'cart',
    group: 'transactions',
  }),
  // Customers and media
  entry({ id: 'customers-medias-medias', route: '/customers-medias/medias', messageId: 'medias.menu', icon: 'card', group: 'customers-medias' }),
  entry({ id: 'customers-medias-customers', route: '/customers-medias/customers', messageId: 'customers.menu', icon: 'face', group: 'customers-medias' }),
  // Manage
  entry({ id: 'manage-users', route: '/manage/users', messageId: 'users.menu.manage', icon: 'people', group: 'manage' }),
  entry({ id: 'manage-groups', route: '/manage/groups', messageId: 'groups.menu', icon: 'workspaces', group: 'manage' }),
  entry({ id: 'manage-clients', route: '/manage/clients', messageId: 'clients.menu', icon: 'business', group: 'manage' }),
  entry({ id: 'manage-products', route: '/manage/products', messageId: 'products.menu', icon: 'category', group: 'manage' }),
  entry({ id: 'manage-planograms', route: '/manage/planograms', messageId: 'planograms.menu', icon: 'grid', group: 'manage' }),
  entry({ id: 'manage-no-vend-profiles', route: '/manage/no-vend-profiles', messageId: 'noVendProfiles.menu', icon: 'lock', group: 'manage' }),
  entry({ id: 'manage-cash-database', route: '/manage/cash-database', messageId: 'cashDatabases.menu', icon: 'download', group: 'manage' }),
  entry({ id: 'manage-cash-database-rules', route: '/manage/cash-database-rules', messageId: 'cashDatabases.rules.menu', icon: 'send', group: 'manage' }),
  entry({ id: 'manage-screen-configurations', route: '/manage/screen-configurations', messageId: 'screenConfigurations.menu', icon: 'grid', group: 'manage' }),
  entry({ id: 'manage-merchant-settings', route: '/manage/merchant-settings', messageId: 'merchantSettings.menu', icon: 'tune', group: 'manage' }),
  entry({ id: 'manage-alarm-settings', route: '/manage/merchant-alarms-settings', messageId: 'alarmSettings.menu', icon: 'notifications', group: 'manage' }),
  entry({ id: 'manage-notifications', route: '/manage/notifications', messageId: 'notifications.menu', icon: 'mail', group: 'manage' }),
  entry({ id: 'manage-data-retrieval-requests', route: '/manage/data-retrieval-requests', messageId: 'dataRequests.menu', icon: 'download', group: 'manage' }),
  entry({ id: 'manage-audit-log', route: '/manage/audit-log', messageId: 'auditLog.menu', icon: 'history', group: 'manage' }),
  entry({ id: 'manage-cogeskey-portal', route: '/manage/cogeskey-portal', messageId: 'cogeskey.menu', icon: 'store', group: 'manage' }),
  entry({ id: 'cogeskey-preview', route: '/cogeskey/preview', messageId: 'cogeskey.preview.menu', icon: 'devices', group: 'manage' }),
  entry({ id: 'manage-storageconfig', route: '/manage/storageconfig', messageId: 'storageConfig.menu', icon: 'download', group: 'manage' }),
  entry({
    id: 'manage-screen-configuration-whitelist',
    route: '/manage/screen-configuration-whitelist',
    messageId: 'devicesWhitelist.menu',
    icon: 'checklist',
    group: 'manage',
  }),
  // Admin (super admin)
  entry({ id: 'admin-merchants', route: '/admin/merchants', messageId: 'merchants.menu', icon: 'store', group: 'admin' }),
  entry({ id: 'admin-users', route: '/admin/users', messageId: 'users.menu.admin', icon: 'people', group: 'admin' }),
  entry({ id: 'admin-firmwares', route: '/admin/firmwares', messageId: 'firmwares.menu', icon: 'download', group: 'admin' }),
  entry({ id: 'admin-troubleshooting', route: '/admin/troubleshooting-alarm', messageId: 'troubleshooting.menu', icon: 'build', group: 'admin' }),
  // Service manager (the cash-handling product's licences)
  entry({ id: 'service-manager', route: '/service-manager', messageId: 'licence.serviceManager.menu', icon: 'key', group: 'service-manager' }),
  entry({ id: 'admin-webpayment-services', route: '/admin/webpayment-services', messageId: 'webpaymentServices.menu', icon: 'card', group: 'admin' }),
  entry({ id: 'admin-blog-posts', route: '/admin/blogposts', messageId: 'blogPosts.menu', icon: 'mail', group: 'admin' }),
  entry({
    id: 'admin-sensors-thresholds',
    route: '/admin/sensors-thresholds-configuration',
    messageId: 'cashData.thresholds.menu',
    icon: 'build',
    group: 'admin',
  }),
  // Settings (all roles)
  entry({ id: 'settings-profile', route: '/settings/profile', messageId: 'settings.menu.profile', icon: 'account', group: 'settings' }),
  entry({ id: 'settings-password', route: '/settings/password', messageId: 'settings.menu.password', icon: 'lock', group: 'settings' }),
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

/** The group of the screen at `pathname`: the group of the entries in the same area (its first path segment). */
export function groupOfPath(pathname: string): MenuGroupId | null {
  const area = pathname.split('/')[1];
  return MENU.find((entry) => entry.group && entry.route.split('/')[1] === area)?.group ?? null;
}

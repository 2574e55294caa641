import type { FeatureFlag } from '#schemas/features';
import type { Role } from '#schemas/roles';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import type { IconName } from '../components/Icon';
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
  feature?: FeatureFlag;
  /** Its area; an entry without one (the dashboard) stands above the groups. */
  group?: MenuGroupId;
}

/** The side menu, in display order within each group. Later issues add their areas here as their screens land. */
export const MENU: readonly MenuEntry[] = [
  { id: 'dashboard', route: '/dashboard', messageId: 'menu.dashboard', icon: 'dashboard' },
  // Devices (all roles)
  { id: 'devices', route: '/devices/list', messageId: 'devices.menu', icon: 'devices', group: 'devices' },
  {
    id: 'devices-manage-stock',
    route: '/devices/manage-stock',
    messageId: 'stock.manage.menu',
    icon: 'inventory',
    feature: 'PRODUCTS_STOCK',
    group: 'devices',
  },
  { id: 'devices-pick-list', route: '/devices/pick-list', messageId: 'stock.pickList.menu', icon: 'checklist', feature: 'PRODUCTS_STOCK', group: 'devices' },
  { id: 'alarms', route: '/alarms', messageId: 'alarms.menu', icon: 'alarm', group: 'devices' },
  { id: 'devices-remote-commands', route: '/devices/remote-commands', messageId: 'remoteCommands.menu', icon: 'send', group: 'devices' },
  { id: 'devices-prices-bulk', route: '/devices/prices-bulk', messageId: 'prices.bulk.menu', icon: 'price', group: 'devices' },
  // Transactions (all roles); web payment orders need the merchant's WEBPAYMENTS
  { id: 'transactions-data', route: '/transactions/data', messageId: 'transactions.menu.data', icon: 'receipt', group: 'transactions' },
  { id: 'transactions-stats', route: '/transactions/stats', messageId: 'transactions.menu.stats', icon: 'barChart', group: 'transactions' },
  {
    id: 'transactions-webpayment-orders',
    route: '/transactions/webpayment-orders',
    messageId: 'webpaymentOrders.menu',
    icon: 'cart',
    feature: 'WEBPAYMENTS',
    group: 'transactions',
  },
  // Customers and media
  {
    id: 'customers-medias-medias',
    route: '/customers-medias/medias',
    messageId: 'medias.menu',
    icon: 'card',
    feature: 'CUSTOMERS_MEDIA',
    group: 'customers-medias',
  },
  {
    id: 'customers-medias-customers',
    route: '/customers-medias/customers',
    messageId: 'customers.menu',
    icon: 'face',
    feature: 'CUSTOMERS_MEDIA',
    group: 'customers-medias',
  },
  // Manage
  { id: 'manage-users', route: '/manage/users', messageId: 'users.menu.manage', icon: 'people', group: 'manage' },
  { id: 'manage-groups', route: '/manage/groups', messageId: 'groups.menu', icon: 'workspaces', group: 'manage' },
  { id: 'manage-clients', route: '/manage/clients', messageId: 'clients.menu', icon: 'business', group: 'manage' },
  { id: 'manage-products', route: '/manage/products', messageId: 'products.menu', icon: 'category', group: 'manage' },
  { id: 'manage-planograms', route: '/manage/planograms', messageId: 'planograms.menu', icon: 'grid', group: 'manage' },
  { id: 'manage-no-vend-profiles', route: '/manage/no-vend-profiles', messageId: 'noVendProfiles.menu', icon: 'lock', group: 'manage' },
  { id: 'manage-alarm-settings', route: '/manage/merchant-alarms-settings', messageId: 'alarmSettings.menu', icon: 'notifications', group: 'manage' },
  { id: 'manage-notifications', route: '/manage/notifications', messageId: 'notifications.menu', icon: 'mail', group: 'manage' },
  { id: 'manage-data-retrieval-requests', route: '/manage/data-retrieval-requests', messageId: 'dataRequests.menu', icon: 'download', group: 'manage' },
  { id: 'manage-audit-log', route: '/manage/audit-log', messageId: 'auditLog.menu', icon: 'history', group: 'manage' },
  // Admin (super admin)
  { id: 'admin-merchants', route: '/admin/merchants', messageId: 'merchants.menu', icon: 'store', group: 'admin' },
  { id: 'admin-users', route: '/admin/users', messageId: 'users.menu.admin', icon: 'people', group: 'admin' },
  { id: 'admin-troubleshooting', route: '/admin/troubleshooting-alarm', messageId: 'troubleshooting.menu', icon: 'build', group: 'admin' },
  // Settings (all roles)
  { id: 'settings-profile', route: '/settings/profile', messageId: 'settings.menu.profile', icon: 'account', group: 'settings' },
  { id: 'settings-password', route: '/settings/password', messageId: 'settings.menu.password', icon: 'lock', group: 'settings' },
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

/** The group of the screen at `pathname`: the group of the entries in the same area (its first path segment). */
export function groupOfPath(pathname: string): MenuGroupId | null {
  const area = pathname.split('/')[1];
  return MENU.find((entry) => entry.group && entry.route.split('/')[1] === area)?.group ?? null;
}

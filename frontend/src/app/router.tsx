import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import { ManageIndex, PublicOnly, RequireRole, RequireSignIn, RequireValidRole } from './guards';
import { AppLayout } from './layout/AppLayout';
import type { ProtectedRoute } from './route-roles';
import { RouteError } from './RouteError';
import { SessionProvider } from './SessionProvider';

/** Screens are loaded on demand: each is its own chunk. */
function screen(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

const PortalEditPage = screen(() => import('../features/cogeskey/PortalEditPage').then((m) => ({ default: m.PortalEditPage })));
const PortalPreviewPage = screen(() => import('../features/cogeskey/PortalPreviewPage').then((m) => ({ default: m.PortalPreviewPage })));
const StorageConfigPage = screen(() => import('../features/storage-config/StorageConfigPage').then((m) => ({ default: m.StorageConfigPage })));
const WhitelistPage = screen(() => import('../features/devices-whitelist/WhitelistPage').then((m) => ({ default: m.WhitelistPage })));
const WhitelistCreatePage = screen(() => import('../features/devices-whitelist/WhitelistCreatePage').then((m) => ({ default: m.WhitelistCreatePage })));
const LoginPage = screen(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const UnauthorizedPage = screen(() => import('../features/auth/UnauthorizedPage').then((m) => ({ default: m.UnauthorizedPage })));
const ServiceManagerPage = screen(() => import('../features/licences/ServiceManagerPage').then((m) => ({ default: m.ServiceManagerPage })));
const ConfirmClientDataPage = screen(() => import('../features/licences/ConfirmClientDataPage').then((m) => ({ default: m.ConfirmClientDataPage })));
const DashboardPage = screen(() => import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const MerchantsDashboardPage = screen(() =>
  import('../features/merchants-dashboard/MerchantsDashboardPage').then((m) => ({ default: m.MerchantsDashboardPage })),
);
const AdminDashboardPage = screen(() => import('../features/admin-dashboard/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })));
const MerchantListPage = screen(() => import('../features/merchants/MerchantListPage').then((m) => ({ default: m.MerchantListPage })));
const MerchantCreatePage = screen(() => import('../features/merchants/MerchantCreatePage').then((m) => ({ default: m.MerchantCreatePage })));
const MerchantDetailPage = screen(() => import('../features/merchants/MerchantDetailPage').then((m) => ({ default: m.MerchantDetailPage })));
const MerchantSettingsPage = screen(() => import('../features/merchants/MerchantSettingsPage').then((m) => ({ default: m.MerchantSettingsPage })));
const ManageMerchantSettingsPage = screen(() =>
  import('../features/merchants/ManageMerchantSettingsPage').then((m) => ({ default: m.ManageMerchantSettingsPage })),
);
const AdminUserListPage = screen(() => import('../features/users/UserListPage').then((m) => ({ default: m.AdminUserListPage })));
const AdminUserCreatePage = screen(() => import('../features/users/UserCreatePage').then((m) => ({ default: m.AdminUserCreatePage })));
const AdminUserDetailPage = screen(() => import('../features/users/UserDetailPage').then((m) => ({ default: m.AdminUserDetailPage })));
const ManageUserListPage = screen(() => import('../features/users/UserListPage').then((m) => ({ default: m.ManageUserListPage })));
const ManageUserCreatePage = screen(() => import('../features/users/UserCreatePage').then((m) => ({ default: m.ManageUserCreatePage })));
const ManageUserDetailPage = screen(() => import('../features/users/UserDetailPage').then((m) => ({ default: m.ManageUserDetailPage })));
const GroupListPage = screen(() => import('../features/groups/GroupListPage').then((m) => ({ default: m.GroupListPage })));
const GroupDetailPage = screen(() => import('../features/groups/GroupDetailPage').then((m) => ({ default: m.GroupDetailPage })));
const DeviceListPage = screen(() => import('../features/devices/DeviceListPage').then((m) => ({ default: m.DeviceListPage })));
const DeviceDetailPage = screen(() => import('../features/devices/DeviceDetailPage').then((m) => ({ default: m.DeviceDetailPage })));
const DeviceDetailsTab = screen(() => import('../features/devices/tabs/DetailsTab').then((m) => ({ default: m.DetailsTab })));
const DeviceNotesTab = screen(() => import('../features/devices/tabs/NotesTab').then((m) => ({ default: m.NotesTab })));
const DeviceNoteCreateTab = screen(() => import('../features/devices/tabs/NoteCreateTab').then((m) => ({ default: m.NoteCreateTab })));
// Both charts share one chunk, the only one that loads chart.js.
const DeviceAuditsTab = screen(() => import('../features/devices/tabs/AuditsTab').then((m) => ({ default: m.AuditsTab })));
const DeviceCashTab = screen(() => import('../features/devices/tabs/CashTab').then((m) => ({ default: m.CashTab })));
const DeviceTransactionsTab = screen(() => import('../features/devices/tabs/TransactionsTab').then((m) => ({ default: m.TransactionsTab })));
const DeviceSignalTab = screen(() => import('../features/devices/tabs/HistoryChartTab').then((m) => ({ default: m.SignalTab })));
const DeviceTemperatureTab = screen(() => import('../features/devices/tabs/HistoryChartTab').then((m) => ({ default: m.TemperatureTab })));
const DeviceConfigsTab = screen(() => import('../features/devices/tabs/ConfigsTab').then((m) => ({ default: m.ConfigsTab })));
const DeviceHistoricalConfigTab = screen(() => import('../features/devices/tabs/HistoricalConfigTab').then((m) => ({ default: m.HistoricalConfigTab })));
const DeviceCustomConfigTab = screen(() => import('../features/devices/tabs/CustomConfigTab').then((m) => ({ default: m.CustomConfigTab })));
const DevicePricesTab = screen(() => import('../features/prices/DevicePricesTab').then((m) => ({ default: m.DevicePricesTab })));
const BulkPricesPage = screen(() => import('../features/prices/BulkPricesPage').then((m) => ({ default: m.BulkPricesPage })));
const RemoteCommandsPage = screen(() => import('../features/remote-commands/RemoteCommandsPage').then((m) => ({ default: m.RemoteCommandsPage })));
const DeviceCommandsTab = screen(() => import('../features/remote-commands/DeviceCommandsTab').then((m) => ({ default: m.DeviceCommandsTab })));
const DeviceStockTab = screen(() => import('../features/stock/DeviceStockTab').then((m) => ({ default: m.DeviceStockTab })));
const ManageStockPage = screen(() => import('../features/stock/ManageStockPage').then((m) => ({ default: m.ManageStockPage })));
const PickListPage = screen(() => import('../features/stock/PickListPage').then((m) => ({ default: m.PickListPage })));
const ProductListPage = screen(() => import('../features/products/ProductListPage').then((m) => ({ default: m.ProductListPage })));
const ProductCreatePage = screen(() => import('../features/products/ProductCreatePage').then((m) => ({ default: m.ProductCreatePage })));
const ProductDetailPage = screen(() => import('../features/products/ProductDetailPage').then((m) => ({ default: m.ProductDetailPage })));
const ProductCustomParametersPage = screen(() => import('../features/products/CustomParametersPage').then((m) => ({ default: m.CustomParametersPage })));
const ClientListPage = screen(() => import('../features/clients/ClientListPage').then((m) => ({ default: m.ClientListPage })));
const ClientCreatePage = screen(() => import('../features/clients/ClientCreatePage').then((m) => ({ default: m.ClientCreatePage })));
const ClientDetailPage = screen(() => import('../features/clients/ClientDetailPage').then((m) => ({ default: m.ClientDetailPage })));
const PlanogramListPage = screen(() => import('../features/planograms/PlanogramListPage').then((m) => ({ default: m.PlanogramListPage })));
const PlanogramCreatePage = screen(() => import('../features/planograms/PlanogramCreatePage').then((m) => ({ default: m.PlanogramCreatePage })));
const PlanogramDetailPage = screen(() => import('../features/planograms/PlanogramDetailPage').then((m) => ({ default: m.PlanogramDetailPage })));
const NoVendProfileListPage = screen(() => import('../features/no-vend-profiles/NoVendProfileListPage').then((m) => ({ default: m.NoVendProfileListPage })));
const NoVendProfileCreatePage = screen(() =>
  import('../features/no-vend-profiles/NoVendProfileCreatePage').then((m) => ({ default: m.NoVendProfileCreatePage })),
);
const NoVendProfileDetailPage = screen(() =>
  import('../features/no-vend-profiles/NoVendProfileDetailPage').then((m) => ({ default: m.NoVendProfileDetailPage })),
);
const CashDatabaseListPage = screen(() => import('../features/cash-databases/CashDatabaseListPage').then((m) => ({ default: m.CashDatabaseListPage })));
const CashDatabaseCreatePage = screen(() => import('../features/cash-databases/CashDatabaseCreatePage').then((m) => ({ default: m.CashDatabaseCreatePage })));
const CashDatabaseDetailPage = screen(() => import('../features/cash-databases/CashDatabaseDetailPage').then((m) => ({ default: m.CashDatabaseDetailPage })));
const CashDatabaseRulesPage = screen(() => import('../features/cash-databases/CashDatabaseRulesPage').then((m) => ({ default: m.CashDatabaseRulesPage })));
const AlarmsPage = screen(() => import('../features/alarms/AlarmsPage').then((m) => ({ default: m.AlarmsPage })));
const DeviceAlarmsTab = screen(() => import('../features/alarms/DeviceAlarmsTab').then((m) => ({ default: m.DeviceAlarmsTab })));
const VpConfigurationListPage = screen(() =>
  import('../features/vp-configurations/VpConfigurationListPage').then((m) => ({ default: m.VpConfigurationListPage })),
);
const VpConfigurationCreatePage = screen(() =>
  import('../features/vp-configurations/VpConfigurationCreatePage').then((m) => ({ default: m.VpConfigurationCreatePage })),
);
const VpConfigurationDetailPage = screen(() =>
  import('../features/vp-configurations/VpConfigurationDetailPage').then((m) => ({ default: m.VpConfigurationDetailPage })),
);
const ScreenConfigurationListPage = screen(() =>
  import('../features/screen-configurations/ScreenConfigurationListPage').then((m) => ({ default: m.ScreenConfigurationListPage })),
);
const ScreenConfigurationCreatePage = screen(() =>
  import('../features/screen-configurations/ScreenConfigurationCreatePage').then((m) => ({ default: m.ScreenConfigurationCreatePage })),
);
const ScreenConfigurationDetailPage = screen(() =>
  import('../features/screen-configurations/ScreenConfigurationDetailPage').then((m) => ({ default: m.ScreenConfigurationDetailPage })),
);
const FirmwareRulesPage = screen(() => import('../features/firmware-rules/FirmwareRulesPage').then((m) => ({ default: m.FirmwareRulesPage })));
const FirmwareListPage = screen(() => import('../features/firmwares/FirmwareListPage').then((m) => ({ default: m.FirmwareListPage })));
const FirmwareCreatePage = screen(() => import('../features/firmwares/FirmwareCreatePage').then((m) => ({ default: m.FirmwareCreatePage })));
const FirmwareDetailPage = screen(() => import('../features/firmwares/FirmwareDetailPage').then((m) => ({ default: m.FirmwareDetailPage })));
const MasterAlarmListPage = screen(() => import('../features/troubleshooting/MasterAlarmListPage').then((m) => ({ default: m.MasterAlarmListPage })));
const MasterAlarmCreatePage = screen(() => import('../features/troubleshooting/MasterAlarmCreatePage').then((m) => ({ default: m.MasterAlarmCreatePage })));
const MasterAlarmDetailPage = screen(() => import('../features/troubleshooting/MasterAlarmDetailPage').then((m) => ({ default: m.MasterAlarmDetailPage })));
const BlogPostListPage = screen(() => import('../features/blog-posts/BlogPostListPage').then((m) => ({ default: m.BlogPostListPage })));
const BlogPostCreatePage = screen(() => import('../features/blog-posts/BlogPostCreatePage').then((m) => ({ default: m.BlogPostCreatePage })));
const BlogPostDetailPage = screen(() => import('../features/blog-posts/BlogPostDetailPage').then((m) => ({ default: m.BlogPostDetailPage })));
const SapCodeListPage = screen(() => import('../features/sap-codes/SapCodeListPage').then((m) => ({ default: m.SapCodeListPage })));
const SapCodeCreatePage = screen(() => import('../features/sap-codes/SapCodeCreatePage').then((m) => ({ default: m.SapCodeCreatePage })));
const SapCodeDetailPage = screen(() => import('../features/sap-codes/SapCodeDetailPage').then((m) => ({ default: m.SapCodeDetailPage })));
const WebPaymentServiceListPage = screen(() =>
  import('../features/webpayment-services/WebPaymentServiceListPage').then((m) => ({ default: m.WebPaymentServiceListPage })),
);
const WebPaymentServiceCreatePage = screen(() =>
  import('../features/webpayment-services/WebPaymentServiceCreatePage').then((m) => ({ default: m.WebPaymentServiceCreatePage })),
);
const WebPaymentServiceDetailPage = screen(() =>
  import('../features/webpayment-services/WebPaymentServiceDetailPage').then((m) => ({ default: m.WebPaymentServiceDetailPage })),
);
const AlarmSettingListPage = screen(() => import('../features/alarm-settings/AlarmSettingListPage').then((m) => ({ default: m.AlarmSettingListPage })));
const AlarmSettingCreatePage = screen(() => import('../features/alarm-settings/AlarmSettingCreatePage').then((m) => ({ default: m.AlarmSettingCreatePage })));
const AlarmSettingDetailPage = screen(() => import('../features/alarm-settings/AlarmSettingDetailPage').then((m) => ({ default: m.AlarmSettingDetailPage })));
const NotificationLogPage = screen(() => import('../features/notifications/NotificationLogPage').then((m) => ({ default: m.NotificationLogPage })));
const UnsubscribePage = screen(() => import('../features/notifications/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })));
const AuditLogPage = screen(() => import('../features/audit-log/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));
const DataRequestListPage = screen(() => import('../features/data-requests/DataRequestListPage').then((m) => ({ default: m.DataRequestListPage })));
const DataRequestCreatePage = screen(() => import('../features/data-requests/DataRequestCreatePage').then((m) => ({ default: m.DataRequestCreatePage })));
const MediaListPage = screen(() => import('../features/customers-medias/MediaListPage').then((m) => ({ default: m.MediaListPage })));
const MediaDetailPage = screen(() => import('../features/customers-medias/MediaDetailPage').then((m) => ({ default: m.MediaDetailPage })));
const MediaDetailsTab = screen(() => import('../features/customers-medias/tabs/MediaDetailsTab').then((m) => ({ default: m.MediaDetailsTab })));
const MediaTransactionsTab = screen(() => import('../features/customers-medias/tabs/MediaTransactionsTab').then((m) => ({ default: m.MediaTransactionsTab })));
const MediaRefundsTab = screen(() => import('../features/customers-medias/tabs/MediaTransactionsTab').then((m) => ({ default: m.MediaRefundsTab })));
const CustomerListPage = screen(() => import('../features/customers-medias/CustomerListPage').then((m) => ({ default: m.CustomerListPage })));
const CustomerDetailPage = screen(() => import('../features/customers-medias/CustomerDetailPage').then((m) => ({ default: m.CustomerDetailPage })));
const CustomerDetailsTab = screen(() => import('../features/customers-medias/tabs/CustomerDetailsTab').then((m) => ({ default: m.CustomerDetailsTab })));
const CustomerTransactionsTab = screen(() =>
  import('../features/customers-medias/tabs/CustomerTransactionsTab').then((m) => ({ default: m.CustomerTransactionsTab })),
);
const CustomerMediasTab = screen(() => import('../features/customers-medias/tabs/CustomerMediasTab').then((m) => ({ default: m.CustomerMediasTab })));
const TransactionsPage = screen(() => import('../features/transactions/TransactionsPage').then((m) => ({ default: m.TransactionsPage })));
const ReportsPage = screen(() => import('../features/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const ReportResultPage = screen(() => import('../features/reports/ReportResultPage').then((m) => ({ default: m.ReportResultPage })));
const TransactionStatsPage = screen(() => import('../features/transactions/TransactionStatsPage').then((m) => ({ default: m.TransactionStatsPage })));
const WebPaymentOrdersPage = screen(() => import('../features/webpayment-orders/WebPaymentOrdersPage').then((m) => ({ default: m.WebPaymentOrdersPage })));
const WebPaymentOrderDetailPage = screen(() =>
  import('../features/webpayment-orders/WebPaymentOrderDetailPage').then((m) => ({ default: m.WebPaymentOrderDetailPage })),
);
const DistributorKpisPage = screen(() => import('../features/kpis/DistributorKpisPage').then((m) => ({ default: m.DistributorKpisPage })));
const DeviceKpisTab = screen(() => import('../features/kpis/DeviceKpisTab').then((m) => ({ default: m.DeviceKpisTab })));
const CashDataTab = screen(() => import('../features/cash-data/CashDataTab').then((m) => ({ default: m.CashDataTab })));
const SensorDirtinessTab = screen(() => import('../features/cash-data/SensorDirtinessTab').then((m) => ({ default: m.SensorDirtinessTab })));
const CashOverviewPage = screen(() => import('../features/cash-data/CashOverviewPage').then((m) => ({ default: m.CashOverviewPage })));
const SensorThresholdsPage = screen(() => import('../features/cash-data/SensorThresholdsPage').then((m) => ({ default: m.SensorThresholdsPage })));
const ProfilePage = screen(() => import('../features/settings/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const PasswordPage = screen(() => import('../features/settings/PasswordPage').then((m) => ({ default: m.PasswordPage })));

/** A screen behind the navigation guard; its roles come from the route table (app/route-roles.ts). */
function guarded(path: ProtectedRoute, element: ReactNode): RouteObject {
  return { path, element: <RequireRole route={path}>{element}</RequireRole> };
}

/** A screen with its own screens inside (tabs): the children are guarded routes with absolute paths below it. */
function guardedWithChildren(path: ProtectedRoute, element: ReactNode, children: RouteObject[]): RouteObject {
  return { path, element: <RequireRole route={path}>{element}</RequireRole>, children };
}

/** Screens inside the console shell. Later issues add their areas here. */
const consoleRoutes: RouteObject[] = [
  guarded('/dashboard', DashboardPage),
  guarded('/distributor-kpis', DistributorKpisPage),
  guarded('/merchants-dashboard', MerchantsDashboardPage),
  guarded('/admin-dashboard', AdminDashboardPage),
  // Admin (super admin): /admin → merchants
  guarded('/admin', <Navigate to="/admin/merchants" replace />),
  guarded('/admin/merchants', MerchantListPage),
  guarded('/admin/merchants/create', MerchantCreatePage),
  guarded('/admin/merchants/:id', MerchantDetailPage),
  guarded('/admin/merchants/:id/setting', MerchantSettingsPage),
  guarded('/admin/users', AdminUserListPage),
  guarded('/admin/users/create', AdminUserCreatePage),
  guarded('/admin/users/:id', AdminUserDetailPage),
  guarded('/admin/firmwares', FirmwareListPage),
  guarded('/admin/firmwares/create', FirmwareCreatePage),
  guarded('/admin/firmwares/:id', FirmwareDetailPage),
  guarded('/admin/troubleshooting-alarm', MasterAlarmListPage),
  guarded('/admin/troubleshooting-alarm/create', MasterAlarmCreatePage),
  guarded('/admin/troubleshooting-alarm/:id', MasterAlarmDetailPage),
  guarded('/admin/merchants/:id/sapcodes', SapCodeListPage),
  guarded('/admin/sapcodes/create', SapCodeCreatePage),
  guarded('/admin/sapcodes/:sapcodeid', SapCodeDetailPage),
  guarded('/admin/webpayment-services', WebPaymentServiceListPage),
  guarded('/admin/webpayment-services/create', WebPaymentServiceCreatePage),
  guarded('/admin/webpayment-services/:id', WebPaymentServiceDetailPage),
  guarded('/admin/blogposts', BlogPostListPage),
  guarded('/admin/blogposts/create', BlogPostCreatePage),
  guarded('/admin/blogposts/:id', BlogPostDetailPage),
  guarded('/admin/sensors-thresholds-configuration', SensorThresholdsPage),
  // Alarms (all roles)
  guarded('/alarms', AlarmsPage),
  // Devices (all roles): /devices → list; a machine's screen has its tabs as nested routes (spec §2 names)
  guarded('/devices', <Navigate to="/devices/list" replace />),
  guarded('/devices/list', DeviceListPage),
  guarded('/devices/prices-bulk', BulkPricesPage),
  guarded('/devices/remote-commands', RemoteCommandsPage),
  guarded('/devices/manage-stock', ManageStockPage),
  guarded('/devices/pick-list', PickListPage),
  guarded('/devices/firmware-rules', FirmwareRulesPage),
  guarded('/devices/vp/configurations', VpConfigurationListPage),
  guarded('/devices/vp/configurations/create', VpConfigurationCreatePage),
  guarded('/devices/vp/configurations/:id', VpConfigurationDetailPage),
  guarded('/devices/cash-overview', CashOverviewPage),
  guardedWithChildren('/devices/:id', DeviceDetailPage, [
    { index: true, element: <Navigate to="details" replace /> },
    guarded('/devices/:id/details', DeviceDetailsTab),
    guarded('/devices/:id/pos-alarms', DeviceAlarmsTab),
    guarded('/devices/:id/notes', DeviceNotesTab),
    guarded('/devices/:id/notes/create', DeviceNoteCreateTab),
    guarded('/devices/:id/audits', DeviceAuditsTab),
    guarded('/devices/:id/cash', DeviceCashTab),
    guarded('/devices/:id/prices', DevicePricesTab),
    guarded('/devices/:id/transactions', DeviceTransactionsTab),
    guarded('/devices/:id/configs', DeviceConfigsTab),
    guarded('/devices/:id/configs/:historicalId', DeviceHistoricalConfigTab),
    guarded('/devices/:id/custom-config', DeviceCustomConfigTab),
    guarded('/devices/:id/remote-commands', DeviceCommandsTab),
    guarded('/devices/:id/stock', DeviceStockTab),
    guarded('/devices/:id/signal', DeviceSignalTab),
    guarded('/devices/:id/temperature', DeviceTemperatureTab),
    guarded('/devices/:id/cash-data', CashDataTab),
    guarded('/devices/:id/kpis', DeviceKpisTab),
    guarded('/devices/:id/pos-sensordirtyness', SensorDirtinessTab),
  ]),
  // Customers and media: /customers-medias → medias; a media's and a customer's screens have their tabs as nested routes
  guarded('/customers-medias', <Navigate to="/customers-medias/medias" replace />),
  guarded('/customers-medias/medias', MediaListPage),
  guardedWithChildren('/customers-medias/medias/:mediaId', MediaDetailPage, [
    { index: true, element: MediaDetailsTab },
    guarded('/customers-medias/medias/:mediaId/transactions', MediaTransactionsTab),
    guarded('/customers-medias/medias/:mediaId/refunds', MediaRefundsTab),
  ]),
  guarded('/customers-medias/customers', CustomerListPage),
  guardedWithChildren('/customers-medias/customers/:id', CustomerDetailPage, [
    { index: true, element: CustomerDetailsTab },
    guarded('/customers-medias/customers/:id/transactions', CustomerTransactionsTab),
    guarded('/customers-medias/customers/:id/medias', CustomerMediasTab),
  ]),
  // Manage: /manage → clients (merchant user), groups (group admin), users (administrators)
  guarded('/manage', <ManageIndex />),
  guarded('/manage/users', ManageUserListPage),
  guarded('/manage/users/create', ManageUserCreatePage),
  guarded('/manage/users/:id', ManageUserDetailPage),
  guarded('/manage/groups', GroupListPage),
  guarded('/manage/groups/:id', GroupDetailPage),
  guarded('/manage/clients', ClientListPage),
  guarded('/manage/clients/create', ClientCreatePage),
  guarded('/manage/clients/:id', ClientDetailPage),
  guarded('/manage/products', ProductListPage),
  guarded('/manage/products/create', ProductCreatePage),
  guarded('/manage/products/custom-parameters', ProductCustomParametersPage),
  guarded('/manage/products/:id', ProductDetailPage),
  guarded('/manage/planograms', PlanogramListPage),
  guarded('/manage/planograms/create', PlanogramCreatePage),
  guarded('/manage/planograms/:id', PlanogramDetailPage),
  guarded('/manage/no-vend-profiles', NoVendProfileListPage),
  guarded('/manage/no-vend-profiles/create', NoVendProfileCreatePage),
  guarded('/manage/no-vend-profiles/:id', NoVendProfileDetailPage),
  guarded('/manage/cash-database', CashDatabaseListPage),
  guarded('/manage/cash-database/create', CashDatabaseCreatePage),
  guarded('/manage/cash-database/:id', CashDatabaseDetailPage),
  guarded('/manage/cash-database-rules', CashDatabaseRulesPage),
  guarded('/manage/screen-configurations', ScreenConfigurationListPage),
  guarded('/manage/screen-configuration/create', ScreenConfigurationCreatePage),
  guarded('/manage/screen-configuration/:id', ScreenConfigurationDetailPage),
  guarded('/manage/merchant-settings', ManageMerchantSettingsPage),
  guarded('/manage/merchant-alarms-settings', AlarmSettingListPage),
  guarded('/manage/merchant-alarms-settings/create', AlarmSettingCreatePage),
  guarded('/manage/merchant-alarms-settings/:id', AlarmSettingDetailPage),
  guarded('/manage/notifications', NotificationLogPage),
  guarded('/manage/audit-log', AuditLogPage),
  guarded('/manage/data-retrieval-requests', DataRequestListPage),
  guarded('/manage/data-retrieval-requests-create', DataRequestCreatePage),
  guarded('/manage/cogeskey-portal', PortalEditPage),
  guarded('/manage/storageconfig', StorageConfigPage),
  guarded('/manage/screen-configuration-whitelist', WhitelistPage),
  guarded('/manage/screen-configuration-whitelist/create', WhitelistCreatePage),
  // The customer portal as its customers see it (super admin, merchant admin)
  guarded('/cogeskey/preview', PortalPreviewPage),
  // Transactions (all roles); web payment orders behind WEBPAYMENTS (menu; the API refuses the others)
  guarded('/transactions/data', TransactionsPage),
  guarded('/transactions/stats', TransactionStatsPage),
  guarded('/transactions/reports', ReportsPage),
  guarded('/transactions/reports/result', ReportResultPage),
  guarded('/transactions/webpayment-orders', WebPaymentOrdersPage),
  guarded('/transactions/webpayment-order-details', WebPaymentOrderDetailPage),
  // Service manager (super admin, merchant admin, merchant user; NEBULAR_CASH)
  guarded('/service-manager', ServiceManagerPage),
  // Settings (all roles): /settings → profile
  guarded('/settings', <Navigate to="/settings/profile" replace />),
  guarded('/settings/profile', ProfilePage),
  guarded('/settings/password', PasswordPage),
];

export function createAppRouter(apiBase: string) {
  return createBrowserRouter([
    {
      element: (
        <SessionProvider apiBase={apiBase}>
          <Outlet />
        </SessionProvider>
      ),
      errorElement: <RouteError />,
      children: [
        { path: '/login', element: <PublicOnly>{LoginPage}</PublicOnly> },
        { path: '/confirm-client-data/:hash', element: <PublicOnly>{ConfirmClientDataPage}</PublicOnly> },
        { path: '/unauthorized', element: <RequireSignIn>{UnauthorizedPage}</RequireSignIn> },
        // An alarm e-mail's unsubscribe link works signed in or not.
        { path: '/notifications/unsubscribe', element: UnsubscribePage },
        {
          element: (
            <RequireValidRole>
              <AppLayout />
            </RequireValidRole>
          ),
          children: consoleRoutes,
        },
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ]);
}

import type { RouteGroup } from '../http/manifest';
import { access as alarmsAccess } from './alarms/deps';
import { access as auditAccess } from './audit/deps';
import { routes as audit } from './audit/routes';
import { access as cashAccess } from './cash/deps';
import { routes as cash } from './cash/routes';
import { routes as alarms } from './alarms/routes';
import { access as clientsAccess } from './clients/deps';
import { routes as clients } from './clients/routes';
import { access as collectionsAccess } from './collections/deps';
import { routes as collections } from './collections/routes';
import { access as configAccess } from './config/deps';
import { access as customersAccess } from './customers/deps';
import { routes as customers } from './customers/routes';
import { access as dashboardAccess } from './dashboard/deps';
import { routes as dashboard } from './dashboard/routes';
import { access as kpisAccess } from './kpis/deps';
import { routes as kpis } from './kpis/routes';
import { access as merchantsDashboardAccess } from './merchants-dashboard/deps';
import { routes as merchantsDashboard } from './merchants-dashboard/routes';
import { access as adminStatsAccess } from './admin-stats/deps';
import { routes as adminStats } from './admin-stats/routes';
import { routes as config } from './config/routes';
import { access as cashDatabaseRulesAccess } from './cash-database-rules/deps';
import { routes as cashDatabaseRules } from './cash-database-rules/routes';
import { access as cashDatabasesAccess } from './cash-databases/deps';
import { routes as cashDatabases } from './cash-databases/routes';
import { access as firmwareRulesAccess } from './firmware-rules/deps';
import { routes as firmwareRules } from './firmware-rules/routes';
import { access as firmwaresAccess } from './firmwares/deps';
import { routes as firmwares } from './firmwares/routes';
import { access as groupRoutesAccess } from './groups/deps';
import { routes as groupRoutes } from './groups/routes';
import { access as historicalDataAccess } from './historical-data/deps';
import { routes as historicalData } from './historical-data/routes';
import { access as mediasAccess } from './medias/deps';
import { routes as medias } from './medias/routes';
import { access as merchantsAccess } from './merchants/deps';
import { routes as merchants } from './merchants/routes';
import { access as notificationsAccess } from './notifications/deps';
import { routes as notifications } from './notifications/routes';
import { access as noVendProfilesAccess } from './no-vend-profiles/deps';
import { routes as noVendProfiles } from './no-vend-profiles/routes';
import { access as planogramsAccess } from './planograms/deps';
import { routes as planograms } from './planograms/routes';
import { access as paymentServiceAccess } from './payment-service/deps';
import { routes as paymentService } from './payment-service/routes';
import { access as posAccess } from './pos/deps';
import { routes as pos } from './pos/routes';
import { access as posConfigsAccess } from './pos-configs/deps';
import { routes as posConfigs } from './pos-configs/routes';
import { access as posHistoryAccess } from './pos-history/deps';
import { access as posQrcodesAccess } from './pos-qrcodes/deps';
import { routes as posQrcodes } from './pos-qrcodes/routes';
import { routes as posHistory } from './pos-history/routes';
import { access as priceSendsAccess } from './price-sends/deps';
import { routes as priceSends } from './price-sends/routes';
import { access as pricesAccess } from './prices/deps';
import { routes as prices } from './prices/routes';
import { access as productsAccess } from './products/deps';
import { routes as products } from './products/routes';
import { access as remoteCommandsAccess } from './remote-commands/deps';
import { access as reportsAccess } from './reports/deps';
import { routes as reports } from './reports/routes';
import { routes as remoteCommands } from './remote-commands/routes';
import { access as serviceManagerAccess } from './service-manager/deps';
import { routes as serviceManager } from './service-manager/routes';
import { access as sensorsAccess } from './sensors/deps';
import { routes as sensors } from './sensors/routes';
import { access as stockAccess } from './stock/deps';
import { routes as stock } from './stock/routes';
import { access as transactionsAccess } from './transactions/deps';
import { routes as transactions } from './transactions/routes';
import { access as usersAccess } from './users/deps';
import { routes as users } from './users/routes';
import { access as webpaymentOrdersAccess } from './webpayment-orders/deps';
import { routes as webpaymentOrders } from './webpayment-orders/routes';
import { access as sapCodesAccess } from './sap-codes/deps';
import { routes as sapCodes } from './sap-codes/routes';
import { access as webpaymentServicesAccess } from './webpayment-services/deps';
import { routes as webpaymentServices } from './webpayment-services/routes';
import { access as blogPostsAccess } from './blog-posts/deps';
import { routes as blogPosts } from './blog-posts/routes';
import { access as vpConfigurationsAccess } from './vp-configurations/deps';
import { routes as vpConfigurations } from './vp-configurations/routes';
import { access as screenConfigurationsAccess } from './screen-configurations/deps';
import { routes as screenConfigurations } from './screen-configurations/routes';
import { access as cogesKeyAccess } from './cogeskey/deps';
import { routes as cogesKey } from './cogeskey/routes';
import { access as storageConfigAccess } from './storage-config/deps';
import { routes as storageConfig } from './storage-config/routes';
import { access as devicesWhitelistAccess } from './devices-whitelist/deps';
import { routes as devicesWhitelist } from './devices-whitelist/routes';

/** Every /api/v1 route group. A route that is not here does not exist anywhere (DESIGN.md §3). */
export const groups: RouteGroup[] = [
  { name: 'config', description: 'What the console needs before sign-in (public)', routes: config, access: configAccess },
  {
    name: 'collections',
    description: 'Reference data: currencies, countries, languages, time zones, POS sectors, device types, postal codes',
    routes: collections,
    access: collectionsAccess,
  },
  {
    name: 'users',
    description: 'Console users: the signed-in user, the users an admin manages, their identities and invitations',
    routes: users,
    access: usersAccess,
  },
  { name: 'merchants', description: 'Merchants (distributors) and their settings', routes: merchants, access: merchantsAccess },
  { name: 'groups', description: 'Groups of machines within a merchant; a group admin sees only its groups', routes: groupRoutes, access: groupRoutesAccess },
  {
    name: 'pos',
    description: 'Points of sale (vending machines): list, counts, join, edit, hide, associations, notes, QR codes',
    routes: pos,
    access: posAccess,
  },
  {
    name: 'pos-qrcodes',
    description: 'A machine’s QR code: the console link it carries, as an SVG image and as a download',
    routes: posQrcodes,
    access: posQrcodesAccess,
  },
  {
    name: 'pos-history',
    description: 'What a machine reported over time: audits (EVA-DTS), cash, transactions, signal and temperature',
    routes: posHistory,
    access: posHistoryAccess,
  },
  {
    name: 'pos-configs',
    description: 'Machine configurations: reported, historical and the custom one users want it to run',
    routes: posConfigs,
    access: posConfigsAccess,
  },
  { name: 'clients', description: 'A merchant’s clients, whom machines can be associated with', routes: clients, access: clientsAccess },
  {
    name: 'products',
    description: 'A merchant’s product catalogue: products, their custom parameters, CSV export and import, where they are used',
    routes: products,
    access: productsAccess,
  },
  {
    name: 'planograms',
    description: 'A merchant’s planograms: which product each selection of a machine holds, its capacity, warning level and refill value',
    routes: planograms,
    access: planogramsAccess,
  },
  {
    name: 'prices',
    description: 'A machine’s prices per planogram line and price table: read, save, cancel, sync, versions; changes across many machines',
    routes: prices,
    access: pricesAccess,
  },
  {
    name: 'price-sends',
    description: 'Sending a machine its saved prices (remote command 12), and the merchant ERP’s prices route (API token)',
    routes: priceSends,
    access: priceSendsAccess,
  },
  {
    name: 'stock',
    description: 'Stock of machines with stock management: per line values, full refills, the manage-stock list by fill and pick lists',
    routes: stock,
    access: stockAccess,
  },
  {
    name: 'no-vend-profiles',
    description: 'A merchant’s no-vend profiles: periods when machines do not sell',
    routes: noVendProfiles,
    access: noVendProfilesAccess,
  },
  {
    name: 'alarms',
    description: 'Alarms raised by machines, master alarms (codes and troubleshooting) and alarm notification settings',
    routes: alarms,
    access: alarmsAccess,
  },
  {
    name: 'notifications',
    description: 'Alarm notifications: a merchant’s log of the e-mails sent (or held back) and the e-mails’ unsubscribe link',
    routes: notifications,
    access: notificationsAccess,
  },
  {
    name: 'medias',
    description:
      'Cashless media (keys, cards, app): list, detail, transactions and refunds; block, unblock, unblock tokens, lost-my-key; refunds as cloud credit',
    routes: medias,
    access: mediasAccess,
  },
  { name: 'remote-commands', description: 'Commands sent to machines over MQTT and their results', routes: remoteCommands, access: remoteCommandsAccess },
  {
    name: 'transactions',
    description: 'A merchant’s transactions: paged list with filters, all (capped), CSV, the types used, statistics by period and by machine',
    routes: transactions,
    access: transactionsAccess,
  },
  {
    name: 'historical-data',
    description: 'Historical data requests (a merchant’s data of a date range as a CSV file) and scheduled exports',
    routes: historicalData,
    access: historicalDataAccess,
  },
  {
    name: 'reports',
    description: 'Reports (products, machines, alarms downtime, transactions) of a range of days, and their PDF and CSV files made by the report workflow',
    routes: reports,
    access: reportsAccess,
  },
  {
    name: 'customers',
    description: 'A merchant’s customers (who pay with its media): list, CSV, detail, their medias and transactions, privacy consents, association of medias',
    routes: customers,
    access: customersAccess,
  },
  { name: 'webpayment-orders', description: 'A merchant’s web payment orders: list and detail', routes: webpaymentOrders, access: webpaymentOrdersAccess },
  {
    name: 'payment-service',
    description: 'The payment service’s callback (the merchant’s API token): web payment orders and the customers who pay them',
    routes: paymentService,
    access: paymentServiceAccess,
  },
  {
    name: 'dashboard',
    description: 'The dashboard: sales against the period before, charts, machines, commands and open anomalies, from counters only',
    routes: dashboard,
    access: dashboardAccess,
  },
  {
    name: 'kpis',
    description: 'KPIs of a merchant and of a machine over an interval (2 to 365 days), from counters kept on write only',
    routes: kpis,
    access: kpisAccess,
  },
  {
    name: 'merchants-dashboard',
    description: 'The merchants dashboard: one row per merchant the caller may see, headline figures and KPIs side by side, from counters only',
    routes: merchantsDashboard,
    access: merchantsDashboardAccess,
  },
  {
    name: 'admin-stats',
    description: 'The super admin’s platform statistics: merchants, machines, media and transactions, from counters only',
    routes: adminStats,
    access: adminStatsAccess,
  },
  {
    name: 'firmwares',
    description: 'The firmware catalogue (super admin): versions per device type and level, their files uploaded by presigned PUT and checked by content',
    routes: firmwares,
    access: firmwaresAccess,
  },
  {
    name: 'firmware-rules',
    description: 'A merchant’s firmware rules: a firmware rolled out to its machines in waves, with an abort threshold, timeouts, pause and cancel',
    routes: firmwareRules,
    access: firmwareRulesAccess,
  },
  {
    name: 'cash-databases',
    description:
      'A merchant’s cash databases (CASHDB_UPDATE): versions per device type and peripheral, their files uploaded by presigned PUT and checked by content',
    routes: cashDatabases,
    access: cashDatabasesAccess,
  },
  {
    name: 'cash-database-rules',
    description: 'A merchant’s cash database rules: a cash database rolled out to its machines in waves, as firmware rules',
    routes: cashDatabaseRules,
    access: cashDatabaseRulesAccess,
  },
  { name: 'sap-codes', description: 'Merchants’ SAP codes (super admin)', routes: sapCodes, access: sapCodesAccess },
  {
    name: 'webpayment-services',
    description: 'Web payment services and merchants’ configurations of them (super admin)',
    routes: webpaymentServices,
    access: webpaymentServicesAccess,
  },
  {
    name: 'blog-posts',
    description: 'Blog posts in Italian and English, Markdown rendered sanitised (super admin)',
    routes: blogPosts,
    access: blogPostsAccess,
  },
  { name: 'audit', description: 'The audit trail: who changed what, when, with what outcome (every mutating call)', routes: audit, access: auditAccess },
  {
    name: 'service-manager',
    description: 'Licences of the cash-handling connector, one per machine: assign, send, change client, unassign; the client’s public confirmation',
    routes: serviceManager,
    access: serviceManagerAccess,
  },
  {
    name: 'cash',
    description: 'A cash-handling machine’s own data: acceptance and movement statistics, device errors, sensor charts per submodule',
    routes: cash,
    access: cashAccess,
  },
  {
    name: 'sensors',
    description: 'Sensor thresholds per device model and the machines’ dirtiness (per sensor, per merchant)',
    routes: sensors,
    access: sensorsAccess,
  },
  {
    name: 'vp-configurations',
    description: 'A merchant’s visual programmer configurations: versions kept, sent to machines by remote command 13, downloaded as a file, where each runs',
    routes: vpConfigurations,
    access: vpConfigurationsAccess,
  },
  {
    name: 'screen-configurations',
    description: 'Screen configurations of merchants with screen configuration management: create, edit, send by remote command 7',
    routes: screenConfigurations,
    access: screenConfigurationsAccess,
  },
  {
    name: 'cogeskey',
    description: 'A merchant’s customer portal (CogesKey): settings, files (logos checked by their bytes, ingredients pdf), and what the customer app shows',
    routes: cogesKey,
    access: cogesKeyAccess,
  },
  {
    name: 'storage-config',
    description: 'A merchant’s storage config for its screens’ content: username, write-only password stored encrypted, storage URL, connection test',
    routes: storageConfig,
    access: storageConfigAccess,
  },
  {
    name: 'devices-whitelist',
    description: 'The devices a merchant allows to enrol (screen configurations’ whitelist), each until the expiry the super admin set',
    routes: devicesWhitelist,
    access: devicesWhitelistAccess,
  },
];

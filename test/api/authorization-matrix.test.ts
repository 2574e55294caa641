import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { groups } from '../../functions/api/manifest';
import type { Route } from '../../functions/http/manifest';
import { ROLES, type Role } from '#schemas/roles';
import { issueApiToken } from './support/api-token';
import { BAD_TOKEN_KINDS, badToken, type BadTokenKind } from './support/forged-tokens';
import { api } from './support/http';
import { demoUser, stack, stackDeps, tokenFor } from './support/stack';
import { exportFileKey } from '../../functions/core/historical-data/model';
import { timeOrderedId } from '../../functions/core/shared/time-ordered-id';
import { MAX_ACTIVE_DATA_REQUESTS, TECHNICAL_FAILURE } from '#schemas/historical-data';
import { merchantBody, settingsBody, superAdminSettingsBody } from './support/samples';
import { DEMO_MACHINES, DEMO_MERCHANTS, DEMO_PINS } from '../../infra/local/demo-data';
import type { FeatureFlag } from '#schemas/features';
import { MerchantInput } from '#schemas/merchant';
import { FEATURE_ERROR_CODES } from '../../functions/core/merchants/feature-gate';
import { createUser, updateBodyOf, userBody } from './support/users';
import { alarmMessage, auditMessage, configMessage, connectDevice } from '../../infra/local/simulator';
import { masterAlarmBody } from './support/samples';
import { waitFor } from './support/devices';
import { newMedia } from '../../functions/core/medias/model';
import { randomBytes } from 'node:crypto';
import { readOutbox } from '../../infra/local/emulators/cognito';
import { newMediaId, putMedia } from './support/customers';
import { createFirmware, firmwareBody, uploadFile, zipBytes } from './support/firmware';
import { cashDatabaseBody, createCashDatabase, uploadCashDatabaseFile } from './support/cash-databases';
import { licenseBody, licenseWaitingForClient } from './support/licences';
import { DEMO_SAP_CODES } from '../../infra/local/demo-catalogue';
import { pngImage } from '../../infra/local/demo-images';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { productSalesStats } from '../../functions/adapters/dynamodb/keys';

/**
 * Every route × the four roles × {own merchant, foreign merchant} with a valid token, and every route × each
 * bad token, generated from the manifest. Expected: bad tokens 401; a role the route does not allow 403; an
 * allowed role 2xx on its own merchant and 404 on another merchant's ids (the super admin sees every merchant).
 * A bad token is refused before its role or merchant is read, so each kind is sent once per route, from a
 * role × merchant case that rotates from route to route (every kind is forged from every role's token across
 * the matrix); sending each from all eight cases was three quarters of the suite's longest file.
 */
type Scope = 'own' | 'foreign';
interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Whether the path carries a merchant-scoped id (foreign variant answers 404). */
  scoped?: boolean;
  /** Request headers, read when the request is made (e.g. a merchant's API token, which other routes renew). */
  headers?: () => Promise<Record<string, string>>;
}

const OWN = 'acme-vending';
const FOREIGN = 'bravo-distribucion';
const merchantOf = (scope: Scope) => (scope === 'own' ? OWN : FOREIGN);
/** The demo merchants' feature flags: Acme has every one, Bravo lacks some. */
const hasFeature = (scope: Scope, feature: FeatureFlag) => DEMO_MERCHANTS.find((m) => m.id === merchantOf(scope))!.input.features.includes(feature);
function expectFeatureRefusal(res: { body: any; status: number; text: string }, feature: FeatureFlag) {
  expect(res.status, res.text).toBe(403);
  expect(res.body).toMatchObject({ code: FEATURE_ERROR_CODES[feature], details: [{ path: 'feature', message: feature }] });
}
let scratchMerchant = '';
/** Users and groups made in beforeAll: an Acme one (own) and a Bravo one (foreign), plus one to delete per scope and role. */
const users: Record<Scope, Record<string, any>> = { own: {}, foreign: {} };
const groupIds: Record<Scope, string> = { own: '', foreign: '' };
const deletableUsers = new Map<string, string>();
const deletableGroups = new Map<string, string>();
/** Report files by `{scope} {role}`: each role's own (a file is its asker's), and the super admin's of the foreign merchant. */
const reportFiles = new Map<string, string>();
/** A month the matrix gives both merchants product counters for (Acme's in the group admin's group). */
const REPORT_RANGE = { from: '2026-01-01', to: '2026-01-31' };
const reportFileOf = (scope: Scope, role: Role) => ({
  params: { fileId: reportFiles.get(`${scope} ${role}`) ?? reportFiles.get(`own ${role}`)! },
  query: { merchantId: merchantOf(scope) },
  scoped: true,
});
const DELETERS: Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN'];
/** Machines made in beforeAll: an Acme one in acme-north (the demo group admin's group) and a Bravo one, plus one to delete per scope and deleter. */
const machines: Record<Scope, { serial: string; name: string }> = { own: { serial: '', name: '' }, foreign: { serial: '', name: '' } };
const deletableMachines = new Map<string, string>();
const clients: Record<Scope, { id: string; name: string }> = { own: { id: '', name: '' }, foreign: { id: '', name: '' } };
const deletableClients = new Map<string, string>();
const products: Record<Scope, { id: string; code: string; name: string }> = { own: { id: '', code: '', name: '' }, foreign: { id: '', code: '', name: '' } };
const deletableProducts = new Map<string, string>();
const productBody = (name = uniqueName(), code = uniqueCode()) => ({ code, name, productType: 'C', vat: 10 });
const planograms: Record<Scope, { id: string; name: string }> = { own: { id: '', name: '' }, foreign: { id: '', name: '' } };
const deletablePlanograms = new Map<string, string>();
const planogramBody = (scope: Scope, name = uniqueName()) => ({
  name,
  planogramType: 'B',
  lines: [{ selection: '11', productId: products[scope].id, capacity: 8, warningLevel: 2, refillValue: 8 }],
});
/** A machine per scope with the planogram above and stock management on (in acme-north / bravo-centro). */
const stockMachines: Record<Scope, string> = { own: '', foreign: '' };
const stockMachine = (scope: Scope) => ({ params: { id: stockMachines[scope] }, scoped: true });
const profiles: Record<Scope, { id: string; name: string }> = { own: { id: '', name: '' }, foreign: { id: '', name: '' } };
/** No-vend profiles to delete per scope and role: group admins delete them too. */
const deletableProfiles = new Map<string, string>();
const PROFILE_WRITERS: Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN'];
const nightPeriods = [{ weekdays: [1, 2, 3, 4, 5], from: '22:00', to: '23:59' }];
/** A configuration each machine reported (over MQTT in beforeAll), by its historical id. */
const historicalConfigs: Record<Scope, string> = { own: '', foreign: '' };
const PINS: Record<Scope, string> = { own: DEMO_PINS['acme-vending']!, foreign: DEMO_PINS['bravo-distribucion']! };
let serialCounter = 0;
const newSerial = () => `CENG-${String(70_000_000 + Math.floor(Math.random() * 9_000_000) + serialCounter++).padStart(8, '0')}`;
const machine = (scope: Scope) => ({ params: { id: machines[scope].serial }, scoped: true });
/** An audit with EVA-DTS text of each scope's machine, published over MQTT in beforeAll. */
const auditIds: Record<Scope, string> = { own: '', foreign: '' };
const uniqueName = () => `Matrix ${Math.random().toString(36).slice(2, 10)}`;
const uniqueCode = () => `MX-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
/** Open alarms of each scope's machine raised over MQTT in beforeAll: one to repair and one to delete per role. */
const alarmIds = new Map<string, string>();
const alarmOf = (scope: Scope, action: 'R' | 'D', role: Role) => ({
  params: { id: machines[scope].serial, alarmId: alarmIds.get(`${scope} ${action}-${role}`) ?? 'AAAAAAAAAAAAAAAAAAAA' },
  scoped: true,
});
const MASTER_CODE = 'MX-MATRIX';
const deletableMasterAlarms = new Map<string, string>();
/** A firmware to read and change, and per scope an upload to create one from and a firmware to delete (super admin only). */
let matrixFirmware = '';
const firmwareUploads = new Map<Scope, string>();
const deletableFirmwares = new Map<Scope, string>();
/** Acme's firmware rules (Bravo has no FIRMWARE_UPDATE): one to read, and per admin one to pause, resume and cancel. */
const firmwareRules = new Map<string, string>();
const firmwareRuleBody = () => ({
  firmwareId: matrixFirmware,
  target: { kind: 'deviceType' },
  startAt: inAnHour(),
  waves: { kind: 'count', count: 2 },
  minMachines: 1,
  failureThresholdPercent: 50,
  machineTimeoutSeconds: 600,
});
const firmwareRuleOf = (scope: Scope, what: string) => ({
  params: { id: merchantOf(scope), ruleId: firmwareRules.get(`${scope} ${what}`) ?? '000000000-000000000000' },
  scoped: true,
});
/** Acme's cash databases (Bravo has no CASHDB_UPDATE): one to read and roll out, and per role an upload to create one from and one to delete. */
let matrixCashDatabase = '';
const cashDatabaseUploads = new Map<Role, string>();
const deletableCashDatabases = new Map<Role, string>();
/** Acme's cash database rules: one to read, and per admin one to pause, resume and cancel. */
const cashDatabaseRules = new Map<string, string>();
const cashDatabaseRuleBody = () => {
  const { firmwareId: _firmware, ...plan } = firmwareRuleBody();
  return { ...plan, cashDatabaseId: matrixCashDatabase };
};
const cashDatabaseOf = (scope: Scope, id = matrixCashDatabase) => ({
  params: { id: merchantOf(scope), cashDatabaseId: id || '000000000-000000000000' },
  scoped: true,
});
const cashDatabaseRuleOf = (scope: Scope, what: string) => ({
  params: { id: merchantOf(scope), ruleId: cashDatabaseRules.get(`${scope} ${what}`) ?? '000000000-000000000000' },
  scoped: true,
});
/** The demo's SAP codes of each scope's merchant (the seed's), a web payment service of the matrix, and configurations of it to delete. */
const DEMO_SAP_CODE = { own: DEMO_SAP_CODES[0]!, foreign: DEMO_SAP_CODES.find((s) => s.merchantId === FOREIGN)! };
let matrixWebPaymentService = '';
const deletableWebPaymentConfigs = new Map<string, string>();
const blogPostBody = (slug: string) => ({ title: 'Matrix post', slug, contentIt: 'Testo', contentEn: 'Text', visibility: 0 });
/** Content uploads (a small png) per scope: a portal's app logo and a blog post's image to set; and a post with an image to remove it from. */
const portalUploads = new Map<Scope, string>();
const blogImageUploads = new Map<Scope, string>();
const postsWithImage = new Map<Scope, string>();
const matrixPortalBody = () => ({
  name: 'Matrix portal',
  mainColor: '#123456',
  mobileTheme: 0,
  contacts: [{ label: 'Desk', phone: '+390212345678' }],
  blogPostIds: ['demo-post-welcome'],
});
/** A whitelisted serial per role (each admin removes its own). */
const whitelistSerial = (role: Role) => `CENG-${String(77_000_000 + ROLES.indexOf(role)).padStart(8, '0')}`;
const alarmSettings: Record<Scope, { id: string; name: string }> = { own: { id: '', name: '' }, foreign: { id: '', name: '' } };
const deletableAlarmSettings = new Map<string, string>();
const settingBody = (scope: Scope, name = uniqueName()) => ({ name, alarmCodes: ['E-COIN-JAM'], userIds: [users[scope].id] });
/** Remote commands: one pending command of a type per machine, so each sender sends its own type; each canceller has a scheduled command of another type. */
const COMMAND_SENDERS: Role[] = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN'];
const SEND_TYPES: Partial<Record<Role, number>> = { NEBULARSUPERADMIN: 1, NEBULARMERCHANTADMIN: 2, NEBULARGROUPADMIN: 3, NEBULARMERCHANTUSER: 4 };
/** Valid params of the remote command types that need a feature (the configuration sends), by route id and type. */
const BODY_FEATURE_PARAMS: Record<string, unknown> = {
  'remoteCommands.send 7': { configurationId: 'matrix-configuration' },
  'remoteCommands.send 13': { values: { 'matrix.key': '1' } },
};
const CANCEL_TYPES: Partial<Record<Role, number>> = { NEBULARSUPERADMIN: 9, NEBULARMERCHANTADMIN: 10, NEBULARGROUPADMIN: 11 };
const cancellableCommands = new Map<string, string>();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
/** Historical data requests stored in beforeAll (no export runs for them): a Completed one per scope, one in Error to retry and one to delete per scope and admin. */
const dataRequests = new Map<string, string>();
const dataRequestOf = (scope: Scope, what: string) => ({
  params: { id: merchantOf(scope), requestId: dataRequests.get(`${scope} ${what}`) ?? '000000000-000000000000' },
  scoped: true,
});
/** The unsubscribe token of an alarm e-mail sent to the own scope's user in beforeAll. */
let unsubscribeToken = '';
/**
 * Licences (service manager; Acme's, Bravo has not got NEBULAR_CASH): a licensed machine per scope, per role a machine
 * to assign a licence to and a licensed one to unassign, and the public confirmation's tokens, each spent by one call.
 */
const licensed: Record<Scope, string> = { own: '', foreign: '' };
const licenseMachines = new Map<string, string>();
const confirmationTokens: string[] = [];
let readableConfirmation = '';
/** A subscription to delete per scope and admin. */
const dataSubscriptions = new Map<string, string>();

async function storedDataRequest(merchantId: string, outcome: 'Completed' | 'Error'): Promise<string> {
  const { dataRequests: repository, now } = stackDeps();
  const id = timeOrderedId(now());
  const request = {
    id,
    merchantId,
    dataType: 'Alarms',
    startDate: '2026-01-01',
    endDate: '2026-01-02',
    status: 'Created' as const,
    message: null,
    rows: null,
    size: null,
    creationDate: now(),
    createdBy: 'matrix@example.test',
    completedAt: null,
    linkValidUntil: null,
    subscriptionId: null,
    attempts: 1,
    fileKey: null,
  };
  expect(await repository.create(request, MAX_ACTIVE_DATA_REQUESTS)).toBe('created');
  if (outcome === 'Error') expect(await repository.fail(merchantId, id, 1, TECHNICAL_FAILURE)).toBe(true);
  else
    expect(
      await repository.complete(merchantId, id, 1, {
        rows: 0,
        size: 0,
        completedAt: now(),
        linkValidUntil: inAnHour(),
        fileKey: exportFileKey(merchantId, id, 1),
      }),
    ).toBe(true);
  return id;
}

/** Prices: a machine on the scope's planogram (in the group admin's group when own) per route that changes prices, scope and role, its prices synced. */
const PRICE_CHANGES = ['prices.save', 'prices.send', 'prices.cancel', 'prices.bulkApply'] as const;
const pricedMachines = new Map<string, string>();
const priced = (routeId: (typeof PRICE_CHANGES)[number], scope: Scope, role: Role) => pricedMachines.get(`${routeId} ${scope} ${role}`) ?? 'CENG-00000000';
const matrixPrices = [{ line: '11', priceTable: 1, value: 100 }];
const bulkChange = (scope: Scope) => ({
  merchantId: merchantOf(scope),
  target: { kind: 'planogram', planogramId: planograms[scope].id },
  productId: products[scope].id,
  priceTables: [1],
  operation: { kind: 'set', value: 150 },
});

/** Customers and web payment orders: per scope a customer and an order registered by the payment service, a media to associate, and a media associated per role to dissociate. */
const customers: Record<Scope, string> = { own: '', foreign: '' };
const webOrders: Record<Scope, string> = { own: '', foreign: '' };
const associableMedias: Record<Scope, string> = { own: '', foreign: '' };
const dissociableMedias = new Map<string, string>();
const customerOf = (scope: Scope) => ({ params: { id: customers[scope] }, query: { merchantId: merchantOf(scope) }, scoped: true });
/** A new token of the scope's merchant: only its hash is stored, so the one way to have it is to issue it. */
const apiTokenOf = (scope: Scope) => issueApiToken(merchantOf(scope));
const webOrderBody = (extra: Record<string, unknown> = {}) => ({
  service: 0,
  serviceTransactionNumber: uniqueCode(),
  type: 0,
  result: 1,
  amount: 100,
  currency: 'EUR',
  ...extra,
});

/** Medias made in beforeAll per scope: one to read, and per role one for each action (a block needs an OK media, an unblock a blocked one…). */
const mediaIds = new Map<string, { id: string; serial: string }>();
const MEDIA_ACTIONS_OF_ROLE = ['block', 'unblock', 'tokens', 'lost', 'replacement', 'refund', 'refundMachine', 'batch'] as const;
const mediaOf = (scope: Scope, what: string) => ({
  params: { mediaId: mediaIds.get(`${scope} ${what}`)?.id ?? '00000000DEADBEEF' },
  query: { merchantId: merchantOf(scope) },
  scoped: true,
});
const hexId = (digits: number) => randomBytes(digits).toString('hex').toUpperCase().slice(0, digits);

/**
 * VP configurations: one of Acme's (Bravo has not got REMOTE_CONFIGURATIONS, so its id is never looked up). Screen
 * configurations: the foreign scope is a merchant of the matrix with screen configuration management (Bravo has not got
 * it) and a machine of its own, so the super admin's calls there succeed.
 */
let vpConfiguration = '';
const vpBody = () => ({
  name: uniqueName(),
  deviceType: 'CENG',
  content: { display: { language: 'it', brightness: 50 }, telemetry: { pingSeconds: 30 }, audit: { scheduledHours: 6 } },
});
const vpOf = (scope: Scope) => ({ params: { id: merchantOf(scope), configurationId: scope === 'own' ? vpConfiguration : 'not-looked-up' }, scoped: true });
let screenMerchant = '';
let screenMachine = '';
const screenConfigs: Record<Scope, { id: string; name: string }> = { own: { id: '', name: '' }, foreign: { id: '', name: '' } };
const screenMerchantOf = (scope: Scope) => (scope === 'own' ? OWN : screenMerchant);
const screenBody = (name = uniqueName()) => ({ name, orientation: 'landscape', theme: 'light', idleSeconds: 60, slides: [] });
const screenOf = (scope: Scope) => ({ params: { id: screenMerchantOf(scope), configurationId: screenConfigs[scope].id }, scoped: true });

/** One sample request per route; a new route without a sample fails the test below. */
const samples: Record<string, (scope: Scope, role: Role) => Sample> = {
  'config.spaConfiguration': () => ({}),
  'collections.all': () => ({}),
  'collections.countries': () => ({}),
  'collections.posSectors': () => ({}),
  'collections.postalCode': () => ({ params: { country: 'IT', code: '20121' } }),
  'users.getMe': () => ({}),
  'users.updateMe': () => ({ body: { language: 'it' } }),
  'users.myMerchants': () => ({}),
  'merchants.list': () => ({ query: { page: '1', size: '5' } }),
  'merchants.get': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.create': () => ({ body: merchantBody() }),
  'merchants.update': () => ({ params: { id: scratchMerchant }, body: merchantBody() }),
  'merchants.getSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  // Each merchant keeps its demo PIN (PINs are unique across merchants; demo devices join with them).
  'merchants.saveSettings': (scope) => ({
    params: { id: scope === 'own' ? OWN : FOREIGN },
    body: { ...settingsBody(), deviceAssociationPin: PINS[scope] },
    scoped: true,
  }),
  'merchants.regenerateApiToken': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  'merchants.getSuperAdminSettings': (scope) => ({ params: { id: scope === 'own' ? OWN : FOREIGN }, scoped: true }),
  // The ERP API stays on for the prices' ERP route.
  'merchants.saveSuperAdminSettings': (scope) => ({
    params: { id: scope === 'own' ? OWN : FOREIGN },
    body: { ...superAdminSettingsBody(), erpApi: true },
    scoped: true,
  }),
  'users.list': () => ({ query: { page: '1', size: '5' } }),
  'users.listOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'users.all': () => ({}),
  'users.csv': () => ({}),
  'users.get': (scope) => ({ params: { id: users[scope].id }, scoped: true }),
  'users.create': () => ({ body: userBody() }),
  'users.update': (scope) => ({ params: { id: users[scope].id }, body: updateBodyOf(users[scope]), scoped: true }),
  'users.delete': (scope, role) => ({ params: { id: deletableUsers.get(`${scope} ${role}`) ?? 'not-allowed' }, scoped: true }),
  'users.associateGroup': (scope) => ({ params: { id: users[scope].id }, body: { groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' }, scoped: true }),
  'users.resendInvitation': (scope) => ({ params: { id: users[scope].id }, scoped: true }),
  'groups.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'groups.create': (scope) => ({ params: { id: merchantOf(scope) }, body: { name: uniqueName() }, scoped: true }),
  // acme-north is the demo group admin's own group.
  'groups.get': (scope) => ({ params: { id: merchantOf(scope), groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' }, scoped: true }),
  'groups.update': (scope) => ({
    params: { id: merchantOf(scope), groupId: groupIds[scope] },
    body: { name: `Matrix scratch ${scope} ${groupIds[scope]}` },
    scoped: true,
  }),
  'groups.delete': (scope, role) => ({ params: { id: merchantOf(scope), groupId: deletableGroups.get(`${scope} ${role}`) ?? 'not-allowed' }, scoped: true }),
  'pos.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' }, scoped: true }),
  'pos.all': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'pos.counts': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'pos.csv': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  // The PIN decides the merchant: a foreign PIN is refused like an unknown one (400), so both scopes join Acme.
  'pos.join': () => ({ body: { serial: newSerial(), pin: PINS.own, name: uniqueName() } }),
  'pos.get': machine,
  'pos.update': (scope) => ({ ...machine(scope), body: { name: machines[scope].name, networkType: '4G', warrantyEnd: null, planogramId: null } }),
  'pos.delete': (scope, role) => ({ params: { id: deletableMachines.get(`${scope} ${role}`) ?? 'CENG-00000000' }, scoped: true }),
  'pos.reset': machine,
  'pos.hide': machine,
  'pos.unhide': machine,
  'pos.status': machine,
  'pos.associateGroup': (scope) => ({ ...machine(scope), body: { groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' } }),
  'pos.associateClient': (scope) => ({ ...machine(scope), body: { clientId: null } }),
  'pos.associateNoVendProfile': (scope) => ({ ...machine(scope), body: { noVendProfileId: null } }),
  'pos.manageStock': (scope) => ({ ...machine(scope), body: { manageStock: false } }),
  'transactions.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5', type: '2' }, scoped: true }),
  'transactions.all': (scope) => ({ query: { merchantId: merchantOf(scope), mediaType: '252' }, scoped: true }),
  'transactions.csv': (scope) => ({ query: { merchantId: merchantOf(scope), valueMin: '1' }, scoped: true }),
  'transactions.used': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'transactions.stats': (scope) => ({ query: { merchantId: merchantOf(scope), period: 'week' }, scoped: true }),
  'transactions.statsByPos': (scope) => ({ query: { merchantId: merchantOf(scope), from: '2026-11-01', to: '2026-11-30' }, scoped: true }),
  'dashboard.get': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'kpis.merchant': (scope) => ({ query: { merchantId: merchantOf(scope), days: '31' }, scoped: true }),
  'kpis.pos': (scope) => ({ ...machine(scope), query: { days: '31' } }),
  // The caller's own merchants' rows (no merchant id to name another's).
  'merchantsDashboard.get': () => ({}),
  'adminStats.merchants': () => ({}),
  'adminStats.pointsofsale': () => ({}),
  'adminStats.medias': () => ({}),
  'adminStats.transactions': () => ({}),
  'stock.get': stockMachine,
  'stock.editLines': (scope) => ({ ...stockMachine(scope), body: { lines: [{ selection: '11', value: 3 }] } }),
  'stock.fullRefill': stockMachine,
  'stock.manage': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' }, scoped: true }),
  'stock.pickList': (scope) => ({ query: { merchantId: merchantOf(scope), groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' }, scoped: true }),
  'stock.pickListCsv': (scope) => ({ query: { merchantId: merchantOf(scope), serials: stockMachines[scope] }, scoped: true }),
  'posQrcodes.get': machine,
  'posQrcodes.image': machine,
  'posQrcodes.download': machine,
  'pos.listNotes': (scope) => ({ ...machine(scope), query: { size: '5' } }),
  'pos.addNote': (scope) => ({ ...machine(scope), body: { note: 'matrix' } }),
  'pos.historicalSignal': (scope) => ({ ...machine(scope), query: { from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' } }),
  'pos.historicalTemperature': (scope) => ({ ...machine(scope), query: { from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' } }),
  'pos.listAudits': (scope) => ({ ...machine(scope), query: { size: '5', from: '2026-01-01T00:00:00Z', origin: '1' } }),
  'pos.downloadAudit': (scope) => ({ params: { id: machines[scope].serial, auditId: auditIds[scope] }, scoped: true }),
  'pos.cash': (scope) => ({ ...machine(scope), query: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' } }),
  'pos.listTransactions': (scope) => ({ ...machine(scope), query: { size: '5', type: '2' } }),
  'pos.configs': machine,
  'pos.historicalConfigs': (scope) => ({ ...machine(scope), query: { size: '5', from: '2026-01-01T00:00:00Z' } }),
  'pos.historicalConfig': (scope) => ({ params: { id: machines[scope].serial, historicalId: historicalConfigs[scope] }, scoped: true }),
  'pos.customConfig': machine,
  'pos.saveCustomConfig': (scope) => ({ ...machine(scope), body: { values: { 'telemetry.pingSeconds': '60' } } }),
  'pos.lastSensorsInfo': machine,
  'clients.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'clients.create': (scope) => ({ params: { id: merchantOf(scope) }, body: { name: uniqueName(), country: 'IT' }, scoped: true }),
  'clients.get': (scope) => ({ params: { id: merchantOf(scope), clientId: clients[scope].id }, scoped: true }),
  'clients.update': (scope) => ({
    params: { id: merchantOf(scope), clientId: clients[scope].id },
    body: { name: clients[scope].name, country: 'ES', city: 'Madrid' },
    scoped: true,
  }),
  'clients.delete': (scope, role) => ({ params: { id: merchantOf(scope), clientId: deletableClients.get(`${scope} ${role}`) ?? 'not-allowed' }, scoped: true }),
  'products.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5', ord: 'code', search: 'matrix' }, scoped: true }),
  'products.csv': (scope) => ({ params: { id: merchantOf(scope) }, query: { productType: 'C' }, scoped: true }),
  'products.import': (scope) => ({ params: { id: merchantOf(scope) }, body: { rows: [productBody()] }, scoped: true }),
  'products.customParameters': (scope) => ({ params: { id: merchantOf(scope) }, scoped: true }),
  'products.putCustomParameters': (scope) => ({ params: { id: merchantOf(scope) }, body: { parameters: [] }, scoped: true }),
  'products.create': (scope) => ({ params: { id: merchantOf(scope) }, body: productBody(), scoped: true }),
  'products.get': (scope) => ({ params: { id: merchantOf(scope), productId: products[scope].id }, scoped: true }),
  'products.associations': (scope) => ({ params: { id: merchantOf(scope), productId: products[scope].id }, scoped: true }),
  'products.update': (scope) => ({
    params: { id: merchantOf(scope), productId: products[scope].id },
    body: { ...productBody(products[scope].name, products[scope].code), description: 'matrix' },
    scoped: true,
  }),
  'products.delete': (scope, role) => ({
    params: { id: merchantOf(scope), productId: deletableProducts.get(`${scope} ${role}`) ?? 'not-allowed' },
    scoped: true,
  }),
  'planograms.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'planograms.create': (scope) => ({ params: { id: merchantOf(scope) }, body: planogramBody(scope), scoped: true }),
  'planograms.get': (scope) => ({ params: { id: merchantOf(scope), planogramId: planograms[scope].id }, scoped: true }),
  'planograms.update': (scope) => ({
    params: { id: merchantOf(scope), planogramId: planograms[scope].id },
    body: planogramBody(scope, planograms[scope].name),
    scoped: true,
  }),
  'planograms.delete': (scope, role) => ({
    params: { id: merchantOf(scope), planogramId: deletablePlanograms.get(`${scope} ${role}`) ?? 'not-allowed' },
    scoped: true,
  }),
  'noVendProfiles.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'noVendProfiles.create': (scope) => ({ params: { id: merchantOf(scope) }, body: { name: uniqueName(), periods: nightPeriods }, scoped: true }),
  'noVendProfiles.get': (scope) => ({ params: { id: merchantOf(scope), profileId: profiles[scope].id }, scoped: true }),
  'noVendProfiles.update': (scope) => ({
    params: { id: merchantOf(scope), profileId: profiles[scope].id },
    body: { name: profiles[scope].name, description: 'matrix', periods: nightPeriods },
    scoped: true,
  }),
  'noVendProfiles.delete': (scope, role) => ({
    params: { id: merchantOf(scope), profileId: deletableProfiles.get(`${scope} ${role}`) ?? 'not-allowed' },
    scoped: true,
  }),
  'alarms.listOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5', status: 'active', criticity: '4' }, scoped: true }),
  'alarms.csvOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { status: 'all', category: 'fault' }, scoped: true }),
  'alarms.statsOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { from: '2026-01-01', to: '2026-01-07' }, scoped: true }),
  'alarms.listOfPos': (scope) => ({ ...machine(scope), query: { size: '5', status: 'repaired' } }),
  'alarms.csvOfPos': (scope) => ({ ...machine(scope), query: { status: 'notification' } }),
  'alarms.statsOfPos': machine,
  'alarms.repair': (scope, role) => alarmOf(scope, 'R', role),
  'alarms.delete': (scope, role) => alarmOf(scope, 'D', role),
  'firmwares.list': () => ({ query: { size: '5', deviceType: 'CENG' } }),
  'firmwares.upload': () => ({ body: { fileName: 'matrix.zip', contentType: 'application/zip', size: 4096 } }),
  'firmwares.create': (scope) => ({ body: firmwareBody(firmwareUploads.get(scope) ?? `${'0'.repeat(32)}.zip`) }),
  'firmwares.get': () => ({ params: { id: matrixFirmware } }),
  'firmwares.update': () => ({ params: { id: matrixFirmware }, body: { level: 'Beta', releaseDate: '2026-12-01' } }),
  'firmwares.delete': (scope) => ({ params: { id: deletableFirmwares.get(scope) ?? '000000000-000000000000' } }),
  'firmwares.download': () => ({ params: { id: matrixFirmware } }),
  'firmwareRules.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'firmwareRules.create': (scope) => ({ params: { id: merchantOf(scope) }, body: firmwareRuleBody(), scoped: true }),
  'firmwareRules.get': (scope) => firmwareRuleOf(scope, 'read'),
  'firmwareRules.pause': (scope, role) => firmwareRuleOf(scope, `pause ${role}`),
  'firmwareRules.resume': (scope, role) => firmwareRuleOf(scope, `resume ${role}`),
  'firmwareRules.cancel': (scope, role) => firmwareRuleOf(scope, `cancel ${role}`),
  'cashDatabases.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5', deviceType: 'C100' }, scoped: true }),
  'cashDatabases.upload': (scope) => ({
    params: { id: merchantOf(scope) },
    body: { fileName: 'matrix.zip', contentType: 'application/zip', size: 4096 },
    scoped: true,
  }),
  'cashDatabases.create': (scope, role) => ({
    params: { id: merchantOf(scope) },
    body: cashDatabaseBody(cashDatabaseUploads.get(role) ?? `${'0'.repeat(32)}.zip`),
    scoped: true,
  }),
  'cashDatabases.get': (scope) => cashDatabaseOf(scope),
  'cashDatabases.update': (scope) => ({ ...cashDatabaseOf(scope), body: { description: 'Matrix' } }),
  'cashDatabases.delete': (scope, role) => cashDatabaseOf(scope, deletableCashDatabases.get(role)),
  'cashDatabases.download': (scope) => cashDatabaseOf(scope),
  'cashDatabaseRules.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'cashDatabaseRules.create': (scope) => ({ params: { id: merchantOf(scope) }, body: cashDatabaseRuleBody(), scoped: true }),
  'cashDatabaseRules.get': (scope) => cashDatabaseRuleOf(scope, 'read'),
  'cashDatabaseRules.pause': (scope, role) => cashDatabaseRuleOf(scope, `pause ${role}`),
  'cashDatabaseRules.resume': (scope, role) => cashDatabaseRuleOf(scope, `resume ${role}`),
  'cashDatabaseRules.cancel': (scope, role) => cashDatabaseRuleOf(scope, `cancel ${role}`),
  'firmwareRules.machines': (scope) => ({ ...firmwareRuleOf(scope, 'read'), query: { wave: '0' } }),
  'masterAlarms.list': () => ({ query: { size: '5', search: 'MX' } }),
  'masterAlarms.create': () => ({ body: masterAlarmBody(uniqueCode()) }),
  'masterAlarms.get': () => ({ params: { code: MASTER_CODE } }),
  'masterAlarms.update': () => ({ params: { code: MASTER_CODE }, body: { ...masterAlarmBody(MASTER_CODE), code: undefined } }),
  'masterAlarms.delete': (scope, role) => ({ params: { code: deletableMasterAlarms.get(`${scope} ${role}`) ?? 'MX-NOT-ALLOWED' } }),
  'alarmSettings.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'alarmSettings.create': (scope) => ({ params: { id: merchantOf(scope) }, body: settingBody(scope), scoped: true }),
  'alarmSettings.get': (scope) => ({ params: { id: merchantOf(scope), settingId: alarmSettings[scope].id }, scoped: true }),
  'alarmSettings.update': (scope) => ({
    params: { id: merchantOf(scope), settingId: alarmSettings[scope].id },
    body: settingBody(scope, alarmSettings[scope].name),
    scoped: true,
  }),
  'alarmSettings.delete': (scope, role) => ({
    params: { id: merchantOf(scope), settingId: deletableAlarmSettings.get(`${scope} ${role}`) ?? 'not-allowed' },
    scoped: true,
  }),
  'notifications.listOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5', status: 'delivered' }, scoped: true }),
  'notifications.csvOfMerchant': (scope) => ({ params: { id: merchantOf(scope) }, query: { status: 'failed' }, scoped: true }),
  // Public: the token of a real e-mail's link (a repeat answers the same).
  'notifications.unsubscribe': () => ({ body: { token: unsubscribeToken } }),
  'remoteCommands.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5', status: '0' }, scoped: true }),
  'remoteCommands.csv': (scope) => ({ query: { merchantId: merchantOf(scope), type: '9' }, scoped: true }),
  'remoteCommands.pendingCounts': (scope) => ({ query: { merchantId: merchantOf(scope), serials: machines[scope].serial }, scoped: true }),
  'medias.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' }, scoped: true }),
  'medias.all': (scope) => ({ query: { merchantId: merchantOf(scope), status: '0' }, scoped: true }),
  'medias.usedTypes': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'medias.get': (scope) => mediaOf(scope, 'read'),
  'medias.transactions': (scope) => ({ ...mediaOf(scope, 'read'), query: { merchantId: merchantOf(scope), size: '5' } }),
  'medias.refunds': (scope) => ({ ...mediaOf(scope, 'read'), query: { merchantId: merchantOf(scope), size: '5' } }),
  'medias.block': (scope, role) => mediaOf(scope, `block ${role}`),
  'medias.unblock': (scope, role) => mediaOf(scope, `unblock ${role}`),
  'medias.unblockTokens': (scope, role) => mediaOf(scope, `tokens ${role}`),
  'medias.lostMyKey': (scope, role) => ({
    ...mediaOf(scope, `lost ${role}`),
    body: { MediaId: mediaIds.get(`${scope} replacement ${role}`)?.id ?? '00000000DEADBEEF' },
  }),
  'medias.refund': (scope, role) => ({ ...mediaOf(scope, `refund ${role}`), body: { refund: 1 } }),
  'medias.refundMachine': (scope, role) => ({ ...mediaOf(scope, `refundMachine ${role}`), body: { refund: 1, device: machines[scope].serial } }),
  'medias.batchRefund': (scope, role) => ({
    query: { merchantId: merchantOf(scope) },
    body: { mediaSerials: [mediaIds.get(`${scope} batch ${role}`)?.serial ?? 'ABCDEF0123'], refund: 1 },
    scoped: true,
  }),
  'medias.validateSerials': (scope) => ({
    query: { merchantId: merchantOf(scope) },
    body: { mediaSerials: [mediaIds.get(`${scope} read`)?.serial ?? 'ABCDEF0123'] },
    scoped: true,
  }),
  'remoteCommands.send': (scope, role) => ({
    body: { serial: machines[scope].serial, type: SEND_TYPES[role], params: {}, scheduledAt: inAnHour() },
    scoped: true,
  }),
  'remoteCommands.pos': (scope) => ({ ...machine(scope), query: { size: '5' } }),
  'remoteCommands.cancel': (scope, role) => ({
    params: { id: machines[scope].serial, commandId: cancellableCommands.get(`${scope} ${role}`) ?? '000000000-000000000000' },
    scoped: true,
  }),
  'prices.get': machine,
  'prices.save': (scope, role) => ({
    params: { id: priced('prices.save', scope, role) },
    body: { version: 1, prices: [{ line: '11', priceTable: 1, value: 120 }] },
    scoped: true,
  }),
  'prices.send': (scope, role) => ({ params: { id: priced('prices.send', scope, role) }, body: { version: 1, prices: matrixPrices }, scoped: true }),
  'prices.cancel': (scope, role) => ({ params: { id: priced('prices.cancel', scope, role) }, body: { version: 1 }, scoped: true }),
  'prices.history': (scope) => ({ ...machine(scope), query: { size: '5' } }),
  'prices.bulkPreview': (scope) => ({ body: bulkChange(scope), scoped: true }),
  'prices.bulkApply': (scope, role) => ({ body: { ...bulkChange(scope), versions: { [priced('prices.bulkApply', scope, role)]: 1 } }, scoped: true }),
  // Public (the merchant's API token, not a sign-in): the scope's own machine and token, so both scopes succeed.
  'prices.erpSave': (scope) => ({
    params: { id: priced('prices.save', scope, 'NEBULARSUPERADMIN') },
    body: { prices: matrixPrices },
    headers: async () => ({ 'x-api-token': await apiTokenOf(scope) }),
  }),
  'customers.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5', consent: 'analysis' }, scoped: true }),
  'customers.csv': (scope) => ({ query: { merchantId: merchantOf(scope), hasMedias: 'true' }, scoped: true }),
  'customers.get': customerOf,
  'customers.medias': customerOf,
  'customers.transactions': (scope) => ({ ...customerOf(scope), query: { merchantId: merchantOf(scope), size: '5' } }),
  'customers.privacy': (scope) => ({ ...customerOf(scope), body: { analysis: true } }),
  'customers.associateMedia': (scope) => ({ ...customerOf(scope), body: { mediaId: associableMedias[scope] } }),
  'customers.dissociateMedia': (scope, role) => ({
    ...customerOf(scope),
    params: { id: customers[scope], mediaId: dissociableMedias.get(`${scope} ${role}`) ?? '00000000' },
  }),
  // The matrix's own set-up changes both merchants first, so each trail has its entry 1.
  'audit.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' }, scoped: true }),
  'audit.csv': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'audit.get': (scope) => ({ params: { seq: '1' }, query: { merchantId: merchantOf(scope) }, scoped: true }),
  'webpaymentOrders.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5', result: '1' }, scoped: true }),
  'webpaymentOrders.get': (scope) => ({ params: { id: webOrders[scope] }, query: { merchantId: merchantOf(scope) }, scoped: true }),
  // Public (the merchant's API token, not a sign-in): the scope's own merchant and token, so both scopes succeed.
  'serviceManager.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' }, scoped: true }),
  'serviceManager.get': (scope) => ({ params: { id: licensed[scope] }, scoped: true }),
  'serviceManager.assign': (scope, role) => ({
    body: licenseBody(licenseMachines.get(`${scope} assign ${role}`) ?? machines[scope].serial, clients[scope].id),
    scoped: true,
  }),
  'serviceManager.send': (scope) => ({ body: { serial: licensed[scope] }, scoped: true }),
  'serviceManager.changeClient': (scope) => ({
    body: { serial: licensed[scope], clientId: clients[scope].id, organisation: 'Matrix Co', email: 'matrix@example.com' },
    scoped: true,
  }),
  'serviceManager.unassign': (scope, role) => ({
    body: { serial: licenseMachines.get(`${scope} unassign ${role}`) ?? machines[scope].serial, case: 0 },
    scoped: true,
  }),
  'license.confirmation': () => ({ params: { token: readableConfirmation } }),
  'license.confirm': () => ({ params: { token: confirmationTokens.pop() ?? 'no-token-left-in-the-pool' } }),
  'paymentService.order': (scope) => ({
    params: { id: merchantOf(scope) },
    body: webOrderBody(),
    headers: async () => ({ 'x-api-token': await apiTokenOf(scope) }),
  }),
  'sapCodes.list': (scope) => ({ query: { merchantId: merchantOf(scope), size: '5' } }),
  'sapCodes.create': (scope) => ({ body: { merchantId: merchantOf(scope), code: uniqueCode() } }),
  'sapCodes.get': (scope) => ({ params: { sapCodeId: DEMO_SAP_CODE[scope].id } }),
  'sapCodes.update': (scope) => ({ params: { sapCodeId: DEMO_SAP_CODE[scope].id }, body: { code: DEMO_SAP_CODE[scope].code, description: 'Matrix' } }),
  'medias.setSapCode': (scope) => ({ ...mediaOf(scope, 'read'), body: { sapCode: DEMO_SAP_CODE[scope].code } }),
  'webpaymentServices.list': () => ({ query: { size: '5' } }),
  'webpaymentServices.create': () => ({ body: { name: uniqueName(), url: 'https://pay.example.com/', type: 0 } }),
  'webpaymentServices.get': () => ({ params: { serviceId: 'demo-nexi' } }),
  'webpaymentServices.update': () => ({ params: { serviceId: matrixWebPaymentService }, body: { name: uniqueName(), url: 'https://pay.example.com/' } }),
  'webpaymentConfigs.list': (scope) => ({ query: { merchantId: merchantOf(scope) } }),
  'webpaymentConfigs.save': (scope) => ({ params: { serviceId: matrixWebPaymentService }, query: { merchantId: merchantOf(scope) }, body: { charges: 5 } }),
  'webpaymentConfigs.delete': (scope, role) => ({
    params: { serviceId: deletableWebPaymentConfigs.get(`${scope} ${role}`) ?? 'not-allowed' },
    query: { merchantId: merchantOf(scope) },
  }),
  'blogPosts.list': () => ({ query: { size: '5' } }),
  'blogPosts.create': () => ({ body: blogPostBody(`matrix-${uniqueCode().toLowerCase()}`) }),
  'blogPosts.get': () => ({ params: { postId: 'demo-post-welcome' } }),
  'blogPosts.update': () => ({ params: { postId: 'demo-post-draft' }, body: blogPostBody('winter-drinks') }),
  'blogPosts.imageUpload': () => ({ body: { kind: 'image', fileName: 'matrix.png', contentType: 'image/png', size: 2048 } }),
  'blogPosts.setImage': (scope) => ({
    params: { postId: 'demo-post-draft' },
    body: { uploadId: blogImageUploads.get(scope) ?? `${'0'.repeat(32)}.png`, fileName: 'm.png' },
  }),
  'blogPosts.removeImage': (scope) => ({ params: { postId: postsWithImage.get(scope) ?? 'not-allowed' } }),
  'blogPosts.image': () => ({ params: { postId: 'demo-post-welcome' } }),
  // The customer portal: the demo configures both merchants' portals (a logo each, Acme's welcome post with an image).
  'cogeskey.get': (scope) => ({ params: { merchantId: merchantOf(scope) }, scoped: true }),
  'cogeskey.save': (scope) => ({ params: { merchantId: merchantOf(scope) }, body: matrixPortalBody(), scoped: true }),
  'cogeskey.contacts': (scope) => ({ params: { merchantId: merchantOf(scope) }, scoped: true }),
  'cogeskey.privacy': (scope) => ({ params: { merchantId: merchantOf(scope) }, scoped: true }),
  'cogeskey.services': (scope) => ({ params: { merchantId: merchantOf(scope) }, scoped: true }),
  'cogeskey.blogPosts': (scope) => ({ params: { merchantId: merchantOf(scope) }, scoped: true }),
  'cogeskey.blogPostImage': (scope) => ({ params: { merchantId: merchantOf(scope), postId: 'demo-post-welcome' }, scoped: true }),
  'cogeskey.upload': (scope) => ({
    params: { merchantId: merchantOf(scope) },
    body: { kind: 'logo', fileName: 'logo.png', contentType: 'image/png', size: 2048 },
    scoped: true,
  }),
  'cogeskey.setFile': (scope) => ({
    params: { merchantId: merchantOf(scope), kind: 'appLogo' },
    body: { uploadId: portalUploads.get(scope) ?? `${'0'.repeat(32)}.png`, fileName: 'app.png' },
    scoped: true,
  }),
  'cogeskey.removeFile': (scope) => ({ params: { merchantId: merchantOf(scope), kind: 'appLogo' }, scoped: true }),
  'cogeskey.file': (scope) => ({ params: { merchantId: merchantOf(scope), kind: 'logo' }, scoped: true }),
  'storageConfig.get': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'storageConfig.save': (scope) => ({
    query: { merchantId: merchantOf(scope) },
    body: { username: 'S3RVER', password: 'matrix-password', storageUrl: `${stack.s3}/${stack.buckets.exports}` },
    scoped: true,
  }),
  'storageConfig.test': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'devicesWhitelist.list': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'devicesWhitelist.add': (scope, role) => ({ query: { merchantId: merchantOf(scope) }, body: { serial: whitelistSerial(role) }, scoped: true }),
  'devicesWhitelist.check': (scope) => ({ params: { serial: whitelistSerial('NEBULARSUPERADMIN') }, query: { merchantId: merchantOf(scope) }, scoped: true }),
  'devicesWhitelist.remove': (scope, role) => ({ params: { serial: whitelistSerial(role) }, query: { merchantId: merchantOf(scope) }, scoped: true }),
  'historicalData.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5', status: 'Completed', dataType: 'Alarms' }, scoped: true }),
  'historicalData.create': (scope) => ({
    params: { id: merchantOf(scope) },
    body: { startDate: '2026-01-01', endDate: '2026-01-31', dataType: 'Alarms' },
    scoped: true,
  }),
  'historicalData.get': (scope) => dataRequestOf(scope, 'completed'),
  'historicalData.delete': (scope, role) => dataRequestOf(scope, `delete ${role}`),
  'historicalData.retry': (scope, role) => dataRequestOf(scope, `retry ${role}`),
  'historicalData.download': (scope) => dataRequestOf(scope, 'completed'),
  'historicalData.subscriptions': (scope) => ({ params: { id: merchantOf(scope) }, scoped: true }),
  'historicalData.subscribe': (scope) => ({ params: { id: merchantOf(scope) }, body: { dataType: 'Audits', frequency: 'weekly' }, scoped: true }),
  'historicalData.unsubscribe': (scope, role) => ({
    params: { id: merchantOf(scope), subscriptionId: dataSubscriptions.get(`${scope} ${role}`) ?? '000000000-000000000000' },
    scoped: true,
  }),
  // A cash-handling machine's own data (NEBULAR_CASH): the scope's machine (no cash data: empty figures), its merchant.
  'cash.posAcceptanceStats': (scope) => ({ ...machine(scope), query: { from: '2026-01-01', to: '2026-01-31' } }),
  'cash.merchantAcceptanceStats': (scope) => ({ query: { merchantId: merchantOf(scope), from: '2026-01-01', to: '2026-01-31' }, scoped: true }),
  'cash.posMovementStats': (scope) => ({ ...machine(scope), query: { from: '2026-01-01', to: '2026-01-31' } }),
  'cash.merchantMovementStats': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'cash.posDeviceErrors': (scope) => ({ ...machine(scope), query: { size: '5', device: 'CashChanger', code: '114' } }),
  'cash.posSubmoduleChart': (scope) => ({ ...machine(scope), query: { from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z', submodule: 'hopper' } }),
  'sensors.listThresholds': () => ({ query: { model: 'C100' } }),
  'sensors.putThreshold': () => ({ params: { model: 'C23X', name: 'hopperMotorCurrent' }, body: { warning: 600, critical: 800, valuesIncrease: true } }),
  'sensors.posDirtiness': machine,
  'sensors.dirtinessStats': (scope) => ({ query: { merchantId: merchantOf(scope) }, scoped: true }),
  'vpConfigurations.list': (scope) => ({ params: { id: merchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'vpConfigurations.create': (scope) => ({ params: { id: merchantOf(scope) }, body: vpBody(), scoped: true }),
  'vpConfigurations.get': vpOf,
  'vpConfigurations.update': (scope) => ({ ...vpOf(scope), body: vpBody() }),
  'vpConfigurations.versions': vpOf,
  'vpConfigurations.version': (scope) => ({ params: { ...vpOf(scope).params, version: '1' }, scoped: true }),
  // One pending command 13 per machine: the first sender's is sent, the others' are listed as failed (still 200).
  'vpConfigurations.send': (scope) => ({ ...vpOf(scope), body: { serials: [machines[scope].serial] } }),
  'vpConfigurations.download': (scope) => ({ ...vpOf(scope), query: { deviceSerial: 'CENG-00000001', includeDeviceType: 'false' } }),
  'vpConfigurations.pos': vpOf,
  'screenConfigurations.list': (scope) => ({ params: { id: screenMerchantOf(scope) }, query: { size: '5' }, scoped: true }),
  'screenConfigurations.create': (scope) => ({ params: { id: screenMerchantOf(scope) }, body: screenBody(), scoped: true }),
  'screenConfigurations.get': screenOf,
  'screenConfigurations.update': (scope) => ({ ...screenOf(scope), body: screenBody(screenConfigs[scope].name) }),
  'screenConfigurations.send': (scope) => ({ ...screenOf(scope), body: { serials: [scope === 'own' ? machines.own.serial : screenMachine] } }),
  'reports.get': (scope) => ({ params: { type: 'products' }, query: { merchantId: merchantOf(scope), ...REPORT_RANGE }, scoped: true }),
  'reports.createFile': (scope) => ({
    params: { type: 'products' },
    query: { merchantId: merchantOf(scope), ...REPORT_RANGE },
    body: { format: 'csv' },
    scoped: true,
  }),
  'reports.getFile': reportFileOf,
  'reports.downloadFile': reportFileOf,
};

const routes = groups.flatMap((g) => g.routes);

function pathOf(route: Route, sample: Sample): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(sample.params?.[name] ?? 'missing'));
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/** Each bad token made once per kind and role (its defect does not wear off: an expired one stays expired). */
const forgedTokens = new Map<string, Promise<string | undefined>>();
function forgedToken(kind: BadTokenKind, realToken: string): Promise<string | undefined> {
  const key = `${kind} ${realToken}`;
  if (!forgedTokens.has(key)) forgedTokens.set(key, badToken(kind, realToken));
  return forgedTokens.get(key)!;
}

async function call(route: Route, sample: Sample, token: string | undefined) {
  const headers = sample.headers ? await sample.headers() : undefined;
  return api(pathOf(route, sample), { method: route.method, token, headers, ...(sample.body !== undefined ? { body: sample.body } : {}) });
}

const success = (route: Route) => route.status ?? 200;

beforeAll(async () => {
  const superAdmin = await tokenFor('NEBULARSUPERADMIN');
  const created = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() });
  expect(created.status).toBe(201);
  scratchMerchant = created.body.id;
  const group = async (merchantId: string) => {
    const res = await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name: uniqueName() } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const joinMachine = async (scope: Scope, name = uniqueName()) => {
    const res = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: newSerial(), pin: PINS[scope], name } });
    expect(res.status, res.text).toBe(201);
    return res.body.serial as string;
  };
  const client = async (merchantId: string, name = uniqueName()) => {
    const res = await api(`/merchants/${merchantId}/clients`, { method: 'POST', token: superAdmin, body: { name, country: 'IT' } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const product = async (merchantId: string, body = productBody()) => {
    const res = await api(`/merchants/${merchantId}/products`, { method: 'POST', token: superAdmin, body });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const profile = async (merchantId: string, name = uniqueName()) => {
    const res = await api(`/merchants/${merchantId}/no-vend-profiles`, { method: 'POST', token: superAdmin, body: { name, periods: nightPeriods } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const masterAlarm = async (code: string) => {
    const res = await api('/master-alarms', { method: 'POST', token: superAdmin, body: masterAlarmBody(code) });
    expect(res.status, res.text).toBe(201);
    return code;
  };
  if ((await api(`/master-alarms/${MASTER_CODE}`, { token: superAdmin })).status === 404) await masterAlarm(MASTER_CODE);
  for (const scope of ['own', 'foreign'] as const) deletableMasterAlarms.set(`${scope} NEBULARSUPERADMIN`, await masterAlarm(uniqueCode()));
  // Firmware and web payment fixtures depend on nothing below: they are made beside it (awaited at the end).
  const firmwareFixtures = async () => {
    matrixFirmware = (await createFirmware(superAdmin)).id;
    await Promise.all(
      (['own', 'foreign'] as const).map(async (scope) => {
        firmwareUploads.set(scope, await uploadFile(superAdmin, zipBytes()));
        deletableFirmwares.set(scope, (await createFirmware(superAdmin)).id);
      }),
    );
    firmwareRules.set('own read', await firmwareRule());
    await Promise.all(
      DELETERS.map(async (role) => {
        firmwareRules.set(`own pause ${role}`, await firmwareRule());
        firmwareRules.set(`own resume ${role}`, await firmwareRule('pause'));
        firmwareRules.set(`own cancel ${role}`, await firmwareRule());
      }),
    );
  };
  const firmwareRule = async (then?: 'pause') => {
    const res = await api(`/merchants/${OWN}/firmware-rules`, { method: 'POST', token: superAdmin, body: firmwareRuleBody() });
    expect(res.status, res.text).toBe(201);
    if (then) expect((await api(`/merchants/${OWN}/firmware-rules/${res.body.id}/${then}`, { method: 'POST', token: superAdmin })).status).toBe(200);
    return res.body.id as string;
  };
  // Acme's cash databases and their rules (the foreign scope is refused before any is read).
  const cashDatabaseFixtures = async () => {
    matrixCashDatabase = (await createCashDatabase(superAdmin, OWN, { peripheral: null })).id;
    await Promise.all(
      ROLES.map(async (role) => {
        cashDatabaseUploads.set(role, await uploadCashDatabaseFile(superAdmin, OWN));
        deletableCashDatabases.set(role, (await createCashDatabase(superAdmin, OWN)).id);
      }),
    );
    const rule = async (then?: 'pause') => {
      const res = await api(`/merchants/${OWN}/cash-database-rules`, { method: 'POST', token: superAdmin, body: cashDatabaseRuleBody() });
      expect(res.status, res.text).toBe(201);
      if (then) expect((await api(`/merchants/${OWN}/cash-database-rules/${res.body.id}/${then}`, { method: 'POST', token: superAdmin })).status).toBe(200);
      return res.body.id as string;
    };
    cashDatabaseRules.set('own read', await rule());
    await Promise.all(
      DELETERS.map(async (role) => {
        cashDatabaseRules.set(`own pause ${role}`, await rule());
        cashDatabaseRules.set(`own resume ${role}`, await rule('pause'));
        cashDatabaseRules.set(`own cancel ${role}`, await rule());
      }),
    );
  };
  const webPaymentFixtures = async () => {
    const service = await api('/webpayment-services', {
      method: 'POST',
      token: superAdmin,
      body: { name: uniqueName(), url: 'https://pay.example.com/', type: 4 },
    });
    expect(service.status, service.text).toBe(201);
    matrixWebPaymentService = service.body.id;
    for (const scope of ['own', 'foreign'] as const) {
      const res = await api(`/webpaymentconfigs/${matrixWebPaymentService}?merchantId=${merchantOf(scope)}`, {
        method: 'PUT',
        token: superAdmin,
        body: { charges: 0 },
      });
      expect(res.status, res.text).toBe(200);
      deletableWebPaymentConfigs.set(`${scope} NEBULARSUPERADMIN`, matrixWebPaymentService);
    }
  };
  const configurationFixtures = async () => {
    const vp = await api(`/merchants/${OWN}/vp/configurations`, { method: 'POST', token: superAdmin, body: vpBody() });
    expect(vp.status, vp.text).toBe(201);
    vpConfiguration = vp.body.id;
    const merchant = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ screenConfigurationManagement: true }) });
    expect(merchant.status, merchant.text).toBe(201);
    screenMerchant = merchant.body.id;
    const pin = String(30_000_000 + Math.floor(Math.random() * 9_000_000));
    const saved = await api(`/merchants/${screenMerchant}/settings`, {
      method: 'PUT',
      token: superAdmin,
      body: { ...settingsBody(), deviceAssociationPin: pin },
    });
    expect(saved.status, saved.text).toBe(200);
    const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial: newSerial(), pin, name: uniqueName() } });
    expect(joined.status, joined.text).toBe(201);
    screenMachine = joined.body.serial;
    for (const scope of ['own', 'foreign'] as const) {
      const name = uniqueName();
      const res = await api(`/merchants/${screenMerchantOf(scope)}/screen-configurations`, { method: 'POST', token: superAdmin, body: screenBody(name) });
      expect(res.status, res.text).toBe(201);
      screenConfigs[scope] = { id: res.body.id, name };
    }
  };
  const contentUpload = async (path: string, kind: string) => {
    const bytes = pngImage(40, 20, '#336699');
    const link = await api(path, { method: 'POST', token: superAdmin, body: { kind, fileName: 'm.png', contentType: 'image/png', size: bytes.length } });
    expect(link.status, link.text).toBe(201);
    expect((await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: new Uint8Array(bytes) })).status).toBe(200);
    return link.body.uploadId as string;
  };
  const contentFixtures = () =>
    Promise.all(
      (['own', 'foreign'] as const).map(async (scope) => {
        portalUploads.set(scope, await contentUpload(`/cogeskey/${merchantOf(scope)}/uploads`, 'appLogo'));
        blogImageUploads.set(scope, await contentUpload('/blogposts/uploads', 'image'));
        const post = await api('/blogposts', { method: 'POST', token: superAdmin, body: blogPostBody(`matrix-${uniqueCode().toLowerCase()}`) });
        expect(post.status, post.text).toBe(201);
        const uploadId = await contentUpload('/blogposts/uploads', 'image');
        const set = await api(`/blogposts/${post.body.id}/image`, { method: 'PUT', token: superAdmin, body: { uploadId, fileName: 'm.png' } });
        expect(set.status, set.text).toBe(200);
        postsWithImage.set(scope, post.body.id);
      }),
    );
  const reportFile = async (token: string, merchantId: string) => {
    const made = await api(`/report/products/files?merchantId=${merchantId}&from=${REPORT_RANGE.from}&to=${REPORT_RANGE.to}`, {
      method: 'POST',
      token,
      body: { format: 'csv' },
    });
    expect(made.status, made.text).toBe(202);
    await waitFor(
      async () => (await api(`/report-files/${made.body.id}?merchantId=${merchantId}`, { token })).body.status === 'Completed' || undefined,
      'a report file',
    );
    return made.body.id as string;
  };
  const reportFixtures = async () => {
    const { doc } = stackDeps();
    for (const [merchantId, groupId] of [
      [OWN, 'acme-north'],
      [FOREIGN, null],
    ] as const) {
      const key = productSalesStats(merchantId, '2026-01', 'MATRIX', 1, groupId, 0);
      await doc.send(
        new PutCommand({ TableName: stack.tableName, Item: { ...key, merchantId, productCode: 'MATRIX', priceTable: 1, groupId, n05: 2, v05: 300 } }),
      );
    }
    await Promise.all(ROLES.map(async (role) => reportFiles.set(`own ${role}`, await reportFile(await tokenFor(role), OWN))));
    reportFiles.set('foreign NEBULARSUPERADMIN', await reportFile(superAdmin, FOREIGN));
  };
  const besides = Promise.all([firmwareFixtures(), webPaymentFixtures(), cashDatabaseFixtures(), configurationFixtures(), contentFixtures(), reportFixtures()]);
  // Each scope's fixtures are of its own merchant: both are made side by side.
  const scopeFixtures = async (scope: Scope) => {
    const profileName = uniqueName();
    profiles[scope] = { id: await profile(merchantOf(scope), profileName), name: profileName };
    for (const role of PROFILE_WRITERS) deletableProfiles.set(`${scope} ${role}`, await profile(merchantOf(scope)));
    const name = uniqueName();
    const serial = await joinMachine(scope, name);
    const grouped = await api(`/pos/${serial}/associate-group`, {
      method: 'PUT',
      token: superAdmin,
      body: { groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' },
    });
    expect(grouped.status).toBe(200);
    machines[scope] = { serial, name };
    const device = await connectDevice(stack.mqtt, serial);
    await device.publish('audit', auditMessage(serial, { readAt: '2026-01-10T06:00:00.000Z', origin: 1 }));
    await device.publish('config', configMessage(serial));
    const alarmCodes = (['R', 'D'] as const).flatMap((action) => ROLES.map((role) => `${action}-${role}`));
    for (const code of alarmCodes) await device.publish('alarms', alarmMessage(serial, { code, criticity: 4 }));
    await device.client.endAsync();
    await waitFor(async () => {
      const listed = await api(`/pos/${serial}/alarms?size=20`, { token: superAdmin });
      if (listed.body.items?.length !== alarmCodes.length) return undefined;
      for (const a of listed.body.items) alarmIds.set(`${scope} ${a.code}`, a.id);
      return true;
    }, `the alarms of ${serial}`);
    auditIds[scope] = await waitFor(async () => {
      const listed = await api(`/pos/${serial}/audits`, { token: superAdmin });
      return listed.body.items?.[0]?.id as string | undefined;
    }, `the audit of ${serial}`);
    historicalConfigs[scope] = await waitFor(
      async () => (await api(`/pos/${serial}/configs/historical`, { token: superAdmin })).body.items[0]?.id,
      'a reported configuration',
    );
    // A merchant without REMOTE_CONFIGURATIONS (Bravo) has no custom configuration to save.
    expect((await api(`/pos/${serial}/custom-configs`, { method: 'PUT', token: superAdmin, body: { values: { 'telemetry.pingSeconds': '60' } } })).status).toBe(
      hasFeature(scope, 'REMOTE_CONFIGURATIONS') ? 200 : 403,
    );
    for (const role of COMMAND_SENDERS) {
      const sent = await api('/remote-commands/send', {
        method: 'POST',
        token: superAdmin,
        body: { serial, type: CANCEL_TYPES[role], params: {}, scheduledAt: inAnHour() },
      });
      expect(sent.status, sent.text).toBe(201);
      cancellableCommands.set(`${scope} ${role}`, sent.body.id);
    }
    const clientName = uniqueName();
    clients[scope] = { id: await client(merchantOf(scope), clientName), name: clientName };
    const body = productBody();
    products[scope] = { id: await product(merchantOf(scope), body), code: body.code, name: body.name };
    const planogram = async (name = uniqueName()) => {
      const res = await api(`/merchants/${merchantOf(scope)}/planograms`, { method: 'POST', token: superAdmin, body: planogramBody(scope, name) });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const planogramName = uniqueName();
    planograms[scope] = { id: await planogram(planogramName), name: planogramName };
    for (const role of DELETERS) deletablePlanograms.set(`${scope} ${role}`, await planogram());
    const superAdminSettings = await api(`/merchants/${merchantOf(scope)}/super-admin-settings`, {
      method: 'PUT',
      token: superAdmin,
      body: { ...superAdminSettingsBody(), erpApi: true },
    });
    expect(superAdminSettings.status, superAdminSettings.text).toBe(200);
    const { prices, now } = stackDeps();
    for (const routeId of PRICE_CHANGES) {
      for (const role of ROLES) {
        const name = uniqueName();
        const serial = await joinMachine(scope, name);
        const placed = await api(`/pos/${serial}`, {
          method: 'PUT',
          token: superAdmin,
          body: { name, networkType: null, warrantyEnd: null, planogramId: planograms[scope].id },
        });
        expect(placed.status, placed.text).toBe(200);
        expect(
          (
            await api(`/pos/${serial}/associate-group`, {
              method: 'PUT',
              token: superAdmin,
              body: { groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' },
            })
          ).status,
        ).toBe(200);
        const at = now();
        const synced = {
          merchantId: merchantOf(scope),
          serial,
          version: 1,
          revision: 1,
          prices: matrixPrices,
          origin: 'console' as const,
          status: 'sync' as const,
          updatedAt: at,
          updatedBy: 'matrix',
          synced: matrixPrices,
          syncedOrigin: 'console' as const,
          lastSyncAt: at,
          lastSyncBy: 'matrix',
          sending: null,
        };
        expect(await prices.put(synced, 0)).toBe(true);
        pricedMachines.set(`${routeId} ${scope} ${role}`, serial);
      }
    }
    const stockName = uniqueName();
    const stockSerial = await joinMachine(scope, stockName);
    for (const [path, body] of [
      ['associate-group', { groupId: scope === 'own' ? 'acme-north' : 'bravo-centro' }],
      ['', { name: stockName, networkType: null, warrantyEnd: null, planogramId: planograms[scope].id }],
      ['manage-stock', { manageStock: true }],
    ] as const) {
      const res = await api(`/pos/${stockSerial}${path ? `/${path}` : ''}`, { method: 'PUT', token: superAdmin, body });
      // A merchant without PRODUCTS_STOCK (Bravo) cannot turn stock management on.
      expect(res.status, res.text).toBe(path === 'manage-stock' && !hasFeature(scope, 'PRODUCTS_STOCK') ? 403 : 200);
    }
    stockMachines[scope] = stockSerial;
    for (const role of DELETERS) {
      deletableProducts.set(`${scope} ${role}`, await product(merchantOf(scope)));
      deletableMachines.set(`${scope} ${role}`, await joinMachine(scope));
      deletableClients.set(`${scope} ${role}`, await client(merchantOf(scope)));
    }
    users[scope] = await createUser(superAdmin, { merchantIds: [merchantOf(scope)] });
    const setting = async (name = uniqueName()) => {
      const res = await api(`/merchants/${merchantOf(scope)}/alarm-settings`, { method: 'POST', token: superAdmin, body: settingBody(scope, name) });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const settingName = uniqueName();
    alarmSettings[scope] = { id: await setting(settingName), name: settingName };
    for (const role of DELETERS) deletableAlarmSettings.set(`${scope} ${role}`, await setting());
    dataRequests.set(`${scope} completed`, await storedDataRequest(merchantOf(scope), 'Completed'));
    for (const role of DELETERS) {
      dataRequests.set(`${scope} delete ${role}`, await storedDataRequest(merchantOf(scope), 'Completed'));
      dataRequests.set(`${scope} retry ${role}`, await storedDataRequest(merchantOf(scope), 'Error'));
      const subscribed = await api(`/merchants/${merchantOf(scope)}/historicaldata-subscriptions`, {
        method: 'POST',
        token: superAdmin,
        body: { dataType: 'Alarms', frequency: 'daily' },
      });
      expect(subscribed.status, subscribed.text).toBe(201);
      dataSubscriptions.set(`${scope} ${role}`, subscribed.body.id);
    }
    const registered = await api(`/payment-service/${merchantOf(scope)}/orders`, {
      method: 'POST',
      headers: { 'x-api-token': await apiTokenOf(scope) },
      body: webOrderBody({ customer: { userId: `matrix-${uniqueCode()}` } }),
    });
    expect(registered.status, registered.text).toBe(200);
    customers[scope] = registered.body.customerId;
    webOrders[scope] = registered.body.order.id;
    associableMedias[scope] = newMediaId();
    await putMedia(merchantOf(scope), associableMedias[scope]);
    for (const role of PROFILE_WRITERS) {
      const mediaId = newMediaId();
      await putMedia(merchantOf(scope), mediaId);
      const associated = await api(`/customers/${customers[scope]}/medias?merchantId=${merchantOf(scope)}`, {
        method: 'POST',
        token: superAdmin,
        body: { mediaId },
      });
      expect(associated.status, associated.text).toBe(200);
      dissociableMedias.set(`${scope} ${role}`, mediaId);
    }
    groupIds[scope] = await group(merchantOf(scope));
    const { medias: mediaRepository, now: mediaNow } = stackDeps();
    for (const what of ['read', ...ROLES.flatMap((role) => MEDIA_ACTIONS_OF_ROLE.map((action) => `${action} ${role}`))]) {
      const media = { id: hexId(16), serial: hexId(10) };
      const status = what.startsWith('unblock') ? 1 : 0;
      const record = newMedia(
        merchantOf(scope),
        media.id,
        { serial: media.serial, mediaType: 2, keyCredit: 100, status, tokensBlocked: what.startsWith('tokens') },
        mediaNow(),
      );
      expect(await mediaRepository.save(record, undefined)).toBe(true);
      mediaIds.set(`${scope} ${what}`, media);
    }
    for (const role of DELETERS) {
      deletableUsers.set(`${scope} ${role}`, (await createUser(superAdmin, { merchantIds: [merchantOf(scope)] })).id);
      deletableGroups.set(`${scope} ${role}`, await group(merchantOf(scope)));
    }
  };
  await Promise.all([scopeFixtures('own'), scopeFixtures('foreign')]);
  licensed.own = await joinMachine('own');
  licensed.foreign = machines.foreign.serial;
  const assign = async (serial: string) => {
    const res = await api('/service-manager/license', { method: 'POST', token: superAdmin, body: licenseBody(serial, clients.own.id) });
    expect(res.status, res.text).toBe(201);
    return serial;
  };
  await assign(licensed.own);
  await Promise.all(
    ROLES.map(async (role) => {
      licenseMachines.set(`own assign ${role}`, await joinMachine('own'));
      licenseMachines.set(`own unassign ${role}`, await assign(await joinMachine('own')));
    }),
  );
  readableConfirmation = await licenseWaitingForClient(OWN);
  // The public confirmation route takes one token per call: one per role and scope, and one per bad token kind.
  confirmationTokens.push(...(await Promise.all(Array.from({ length: ROLES.length * 2 + BAD_TOKEN_KINDS.length }, () => licenseWaitingForClient(OWN)))));
  // An alarm its setting names the own user for: the e-mail's unsubscribe link.
  const device = await connectDevice(stack.mqtt, machines.own.serial);
  await device.publish('alarms', alarmMessage(machines.own.serial, { code: 'E-COIN-JAM' }));
  await device.client.endAsync();
  unsubscribeToken = await waitFor(async () => {
    const mail = (await readOutbox(stack.cognito.endpoint, users.own.email)).find((m) => m.source === 'SES');
    return mail ? /unsubscribe\?token=(\S+)/.exec(mail.message)?.[1] : undefined;
  }, 'the alarm e-mail to the own user');
  await besides;
  // Several hundred fixtures over HTTP and MQTT: more than the default hook time while other test processes share the cores.
}, 180_000);

describe('authorization matrix', () => {
  it('has a sample request for every manifest route', () => {
    expect(routes.map((r) => r.id).filter((id) => !samples[id])).toEqual([]);
  });

  routes.forEach((route, routeIndex) => {
    // A read changes nothing: its cases run side by side (vitest's maxConcurrency at a time); so do the cases of a role
    // the route refuses (403 before anything happens); a write by an allowed role runs alone.
    const cases = route.method === 'GET' ? describe.concurrent : describe;
    const refuses = (role: Role) => route.roles !== 'public' && !route.roles.includes(role);
    cases(`${route.method} ${route.path}`, () => {
      const roleScopes = (ROLES as readonly Role[]).flatMap((role) => (['own', 'foreign'] as const).map((scope) => ({ role, scope })));
      roleScopes.forEach(({ role, scope }, caseIndex) => {
        const badKinds = BAD_TOKEN_KINDS.filter((_, k) => (routeIndex + k) % roleScopes.length === caseIndex);
        const sampleOf = () => samples[route.id]!(scope, role);
        (refuses(role) ? it.concurrent : it)(`${role} · ${scope}${badKinds.length ? ` (and a ${badKinds.join(', ')} token)` : ''}`, async () => {
          const real = await tokenFor(role);
          const sample = sampleOf();
          const withBadToken = async (kind: BadTokenKind) => ({ kind, res: await call(route, sampleOf(), await forgedToken(kind, real)) });
          // Refused before anything happens, so sent at once; a public route ignores the token and acts: one by one.
          const refusals: Awaited<ReturnType<typeof withBadToken>>[] = [];
          if (route.roles !== 'public') refusals.push(...(await Promise.all(badKinds.map(withBadToken))));
          else for (const kind of badKinds) refusals.push(await withBadToken(kind));
          for (const { kind, res } of refusals) {
            if (route.roles === 'public') expect(res.status, `${kind} token on a public route`).toBe(success(route));
            else {
              expect(res.status, `${kind} token`).toBe(401);
              expect(res.body.code).toBe('UnauthorizedException');
            }
          }
          const res = await call(route, sample, real);
          const allowed = route.roles === 'public' || route.roles.includes(role);
          const seesForeign = role === 'NEBULARSUPERADMIN';
          // The super admin inside a merchant without the route's feature (Bravo lacks some) is held to it.
          const featureOff = scope === 'foreign' && seesForeign && route.feature !== undefined && !hasFeature(scope, route.feature);
          const expected = !allowed ? 403 : scope === 'foreign' && sample.scoped && !seesForeign ? 404 : featureOff ? 403 : success(route);
          expect(res.status, res.text).toBe(expected);
          if (allowed && featureOff) expectFeatureRefusal(res, route.feature!);
          if (expected === success(route) && route.response) {
            const parsed = z.safeParse(route.response, res.body);
            expect(parsed.success, `response matches the manifest schema: ${parsed.error?.message}`).toBe(true);
          } else if (expected !== success(route)) {
            expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) });
          }
        });
      });
    });
  });

  it('sees the demo users of every role', () => {
    for (const role of ROLES) expect(demoUser(role).email).toContain('@');
  });
});

/**
 * A merchant without the feature: every route that declares one, for every role it allows, inside the own merchant
 * (Acme) with its flags taken away for the duration, answers the feature's coded 403 before anything happens.
 */
describe('authorization matrix · merchant without the feature', () => {
  const flagged = routes.filter((r) => r.feature);
  let acme: Record<string, unknown> = {};
  const putAcme = async (features: readonly string[]) => {
    const body = Object.fromEntries(Object.keys(MerchantInput.shape).map((k) => [k, k === 'features' ? features : acme[k]]));
    const res = await api(`/merchants/${OWN}`, { method: 'PUT', token: await tokenFor('NEBULARSUPERADMIN'), body });
    expect(res.status, res.text).toBe(200);
  };
  beforeAll(async () => {
    acme = (await api(`/merchants/${OWN}`, { token: await tokenFor('NEBULARSUPERADMIN') })).body;
    await putAcme([]);
  });
  afterAll(async () => {
    await putAcme(acme.features as string[]);
    expect((await api(`/merchants/${OWN}`, { token: await tokenFor('NEBULARSUPERADMIN') })).body.features).toEqual(acme.features);
  });

  it('covers every flag the routes declare', () => {
    expect(new Set(flagged.map((r) => r.feature))).toEqual(
      new Set([
        'CUSTOMERS_MEDIA',
        'WEBPAYMENTS',
        'PRODUCTS_STOCK',
        'NEBULAR_VENDING',
        'NETWORK',
        'REMOTE_CONFIGURATIONS',
        'ADVANCED_ALARMS',
        'NEBULAR_CASH',
        'FIRMWARE_UPDATE',
        'CASHDB_UPDATE',
      ]),
    );
  });

  for (const route of flagged) {
    it(`${route.method} ${route.path} (${route.feature})`, async () => {
      // Every role is refused before anything happens: asked at once. A public route's caller is the merchant's API
      // token (the sample's header): refused once its token is accepted.
      if (route.roles === 'public') expectFeatureRefusal(await call(route, samples[route.id]!('own', 'NEBULARSUPERADMIN'), undefined), route.feature!);
      const roles = route.roles === 'public' ? [] : route.roles;
      const answers = await Promise.all(roles.map(async (role) => call(route, samples[route.id]!('own', role), await tokenFor(role))));
      for (const res of answers) expectFeatureRefusal(res, route.feature!);
    });
  }

  // A route whose feature depends on the body (the remote command types that send a configuration): each such value, every role.
  for (const route of routes.filter((r) => r.featureByBody)) {
    const { field, features } = route.featureByBody!;
    it(`${route.method} ${route.path} (${field} ${Object.keys(features).join(', ')})`, async () => {
      for (const [value, feature] of Object.entries(features)) {
        for (const role of route.roles === 'public' ? [] : route.roles) {
          const sample = samples[route.id]!('own', role);
          const body = { ...(sample.body as object), [field]: Number(value), params: BODY_FEATURE_PARAMS[`${route.id} ${value}`] };
          expectFeatureRefusal(await call(route, { ...sample, body }, await tokenFor(role)), feature);
        }
      }
    });
  }

  it('covers every body value that needs a feature with valid params', () => {
    const declared = routes.flatMap((r) => Object.keys(r.featureByBody?.features ?? {}).map((v) => `${r.id} ${v}`));
    expect(declared.sort()).toEqual(Object.keys(BODY_FEATURE_PARAMS).sort());
  });
});

/** Properties, not only routes: a group admin is not named a machine it cannot see (issue 28 item 8). */
describe('authorization matrix · properties', () => {
  it('the medias routes withhold, from a group admin, a machine outside its groups', async () => {
    const groupAdmin = await tokenFor('NEBULARGROUPADMIN');
    const { medias: repository, now } = stackDeps();
    // An Acme machine in no group: the group admin cannot see it anywhere.
    const serial = DEMO_MACHINES.find((m) => m.merchantId === OWN && m.groupId === null && !m.hidden)!.serial;
    expect((await api(`/pos/${serial}`, { token: groupAdmin })).status).toBe(404);
    const media = { id: hexId(16), serial: hexId(10) };
    const today = now().slice(0, 10);
    const record = newMedia(
      OWN,
      media.id,
      {
        serial: media.serial,
        mediaType: 2,
        keyCredit: 100,
        device: serial,
        sourceSerial: serial,
        sourceType: 1,
        lastUsedAt: now(),
        days: { [today]: { sales: 33, salesValue: 3300, recharges: 0, rechargesValue: 0 } },
      },
      now(),
    );
    expect(await repository.save(record, undefined)).toBe(true);
    const token = groupAdmin;
    for (const path of [
      `/medias/${media.id}?merchantId=${OWN}`,
      `/medias?merchantId=${OWN}&search=${media.serial}`,
      `/medias/all?merchantId=${OWN}&search=${media.serial}`,
    ]) {
      const res = await api(path, { token });
      expect(res.status, res.text).toBe(200);
      expect(res.text, path).not.toContain(serial);
    }
    const detail = await api(`/medias/${media.id}?merchantId=${OWN}`, { token });
    expect(detail.body).toMatchObject({ device: null, sourceSerial: null, withheld: ['device', 'sourceSerial'], last30DaysScope: 'merchant' });
    expect((await api(`/medias/${media.id}?merchantId=${OWN}`, { token: await tokenFor('NEBULARMERCHANTADMIN') })).body).toMatchObject({
      device: serial,
      last30Days: { sales: 33 },
    });
  });
});

afterAll(async () => {
  // The matrix covered every route; none of them may have issued a Scan (reads are Queries and GetItems).
  const ops = (await (await fetch(`${stack.dynamodb}/__local/ops`)).json()) as Record<string, number>;
  expect(ops.Scan ?? 0).toBe(0);
  expect(ops.Query ?? 0).toBeGreaterThan(0);
});

/**
 * The audit trail: who changed what (issue 28 items 4–7; DESIGN.md §3, §13 — the `audit trail`, not machine `audits`).
 *
 * Every mutating call of the route manifest (each POST, PUT, DELETE, PATCH: the ERP price API and the payment-service
 * callback included) leaves one entry, written by the manifest's middleware (functions/http/audit-trail.ts), never by a
 * handler. Refused calls (400, 403, 404, 409, …) are written too; an unauthenticated 401 is only counted in metrics.
 * Entries are append-only, kept AUDIT_TRAIL_RETENTION_DAYS (per stage), and chained per merchant: each holds the hash of the
 * one before (`prevHash`), so a gap or an edit is detectable (`npm run audit:check -- <merchantId>`).
 *
 * Routes (group `audit`, NEBULARSUPERADMIN and NEBULARMERCHANTADMIN; `merchantId` in the query: a merchant admin's
 * own, the super admin any — AUDIT_TRAIL_PLATFORM_MERCHANT holds the super admin's calls outside any merchant):
 * - GET /audit                AuditTrailPageQuery → AuditTrailPage (newest first unless ordType=asc)
 * - GET /audit/csv            AuditTrailFilterQuery → text/csv (gzip-encoded), AUDIT_TRAIL_CSV_COLUMNS, at most MAX_AUDIT_TRAIL_CSV_ROWS rows:
 *                             past it 400 MaxResultsExceededException naming the cap (narrow the range)
 * - GET /audit/entries/{seq}  AuditTrailEntryParams + AuditTrailScopeQuery → AuditTrailEntry (404 AuditTrailEntryNotFoundException)
 * Another merchant's id answers 404 MerchantNotFoundException. Bad filters answer 400 naming the field
 * (query.to for an inverted range, query.from for one over MAX_AUDIT_TRAIL_RANGE_DAYS, query.action, query.serial, …).
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { Role } from './roles';
import { SERIAL_PATTERN } from './pos-entity';
import { MAX_AUDIT_TRAIL_RANGE_DAYS } from './audit-constants';

export * from './audit-constants';

/**
 * The actions: one per mutating route of the manifest (its route id). A test holds this list equal to the manifest's
 * mutating routes, so a new route is either here (and audited) or the test fails.
 */
export const AUDIT_TRAIL_ACTIONS = [
  'users.updateMe',
  'users.create',
  'users.update',
  'users.delete',
  'users.associateGroup',
  'users.resendInvitation',
  'merchants.create',
  'merchants.update',
  'merchants.saveSettings',
  'merchants.regenerateApiToken',
  'merchants.saveSuperAdminSettings',
  'groups.create',
  'groups.update',
  'groups.delete',
  'pos.join',
  'pos.update',
  'pos.delete',
  'pos.reset',
  'pos.hide',
  'pos.unhide',
  'pos.associateGroup',
  'pos.associateClient',
  'pos.associateNoVendProfile',
  'pos.manageStock',
  'pos.addNote',
  'pos.saveCustomConfig',
  'clients.create',
  'clients.update',
  'clients.delete',
  'products.import',
  'products.putCustomParameters',
  'products.create',
  'products.update',
  'products.delete',
  'planograms.create',
  'planograms.update',
  'planograms.delete',
  'prices.save',
  'prices.cancel',
  'prices.bulkPreview',
  'prices.bulkApply',
  'prices.send',
  'prices.erpSave',
  'stock.editLines',
  'stock.fullRefill',
  'noVendProfiles.create',
  'noVendProfiles.update',
  'noVendProfiles.delete',
  'alarms.repair',
  'alarms.delete',
  'masterAlarms.create',
  'masterAlarms.update',
  'masterAlarms.delete',
  'alarmSettings.create',
  'alarmSettings.update',
  'alarmSettings.delete',
  'notifications.unsubscribe',
  'medias.validateSerials',
  'medias.batchRefund',
  'medias.refund',
  'medias.refundMachine',
  'medias.lostMyKey',
  'medias.block',
  'medias.unblock',
  'medias.unblockTokens',
  'remoteCommands.send',
  'remoteCommands.cancel',
  'historicalData.create',
  'historicalData.delete',
  'historicalData.retry',
  'historicalData.subscribe',
  'historicalData.unsubscribe',
  'customers.privacy',
  'customers.associateMedia',
  'customers.dissociateMedia',
  'paymentService.order',
  'firmwares.upload',
  'firmwares.create',
  'firmwares.update',
  'firmwares.delete',
  'firmwareRules.create',
  'firmwareRules.pause',
  'firmwareRules.resume',
  'firmwareRules.cancel',
  'cashDatabases.upload',
  'cashDatabases.create',
  'cashDatabases.update',
  'cashDatabases.delete',
  'cashDatabaseRules.create',
  'cashDatabaseRules.pause',
  'cashDatabaseRules.resume',
  'cashDatabaseRules.cancel',
  'serviceManager.assign',
  'serviceManager.send',
  'serviceManager.changeClient',
  'serviceManager.unassign',
  'license.confirm',
  'sapCodes.create',
  'sapCodes.update',
  'medias.setSapCode',
  'webpaymentServices.create',
  'webpaymentServices.update',
  'webpaymentConfigs.save',
  'webpaymentConfigs.delete',
  'blogPosts.create',
  'blogPosts.update',
  'blogPosts.imageUpload',
  'blogPosts.setImage',
  'blogPosts.removeImage',
  'cogeskey.save',
  'cogeskey.upload',
  'cogeskey.setFile',
  'cogeskey.removeFile',
  'storageConfig.save',
  'storageConfig.test',
  'devicesWhitelist.add',
  'devicesWhitelist.remove',
  'sensors.putThreshold',
  'vpConfigurations.create',
  'vpConfigurations.update',
  'vpConfigurations.send',
  'screenConfigurations.create',
  'screenConfigurations.update',
  'screenConfigurations.send',
  'reports.createFile',
] as const;
export type AuditTrailAction = (typeof AUDIT_TRAIL_ACTIONS)[number];

/**
 * Who called: a console user (with id, e-mail and role), or a caller without a console sign-in: the merchant's ERP
 * with its API token, the payment service, or an unsubscribe link of a notification e-mail.
 */
export const AUDIT_TRAIL_ACTOR_KINDS = ['user', 'apiToken', 'paymentService', 'link'] as const;
export const AuditTrailActor = z.object({
  kind: z.enum(AUDIT_TRAIL_ACTOR_KINDS),
  userId: z.nullable(z.string()),
  email: z.nullable(z.string()),
  role: z.nullable(Role),
});
export type AuditTrailActor = z.infer<typeof AuditTrailActor>;

/**
 * What the call was about, from its path: `{ type: 'pos', id: 'CENG-00000001' }`, `{ type: 'media', id }`,
 * `{ type: 'user', id }`, `{ type: 'merchant', id }`, `{ type: 'group', id }`, … (the type names the path segment).
 */
export const AuditTrailTarget = z.object({ type: z.string(), id: z.string() });
export type AuditTrailTarget = z.infer<typeof AuditTrailTarget>;

/**
 * One field an update changed, before → after (JSON values; null when absent). A secret's values are both
 * AUDIT_TRAIL_SECRET_VALUE, never the secret; card numbers stay masked as stored.
 */
export const AuditTrailChange = z.object({
  /** What was changed, e.g. `user`, `merchantSettings`, `prices`, `media`. */
  entity: z.string(),
  entityId: z.nullable(z.string()),
  /** Dotted path within the entity, e.g. `role`, `prices.3.price`. */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditTrailChange = z.infer<typeof AuditTrailChange>;

/**
 * success: 2xx; refused: 4xx (validation, 403, 404, 409, …: nothing changed); error: 5xx; unanswered: the call wrote to
 * the table but its function ended before recording its answer (a crash, a timeout): the audit sweep wrote the entry
 * from the call's intent, with status 0 and the changes the call had staged.
 */
export const AUDIT_TRAIL_OUTCOMES = ['success', 'refused', 'error', 'unanswered'] as const;
export type AuditTrailOutcome = (typeof AUDIT_TRAIL_OUTCOMES)[number];

export const AuditTrailEntry = z.object({
  merchantId: z.string(),
  /** Position in the merchant's chain, from 1; the entry's id within its merchant. */
  seq: z.number(),
  /** When the call was answered (ISO instant); unanswered: when it first wrote to the table. */
  at: z.string(),
  actor: AuditTrailActor,
  /** The route id. */
  action: z.string(),
  method: z.enum(['POST', 'PUT', 'DELETE', 'PATCH']),
  /** The route's path template under /api/v1, e.g. `/pos/{id}/prices`. */
  path: z.string(),
  targets: z.array(AuditTrailTarget),
  outcome: z.enum(AUDIT_TRAIL_OUTCOMES),
  /** The answer's HTTP status; 0 when unanswered. */
  status: z.number(),
  /** The error body's code when the call failed (e.g. ForbiddenException), else null. */
  errorCode: z.nullable(z.string()),
  correlationId: z.string(),
  sourceIp: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** Empty for a call that changed nothing (or created/deleted without a recorded state). */
  changes: z.array(AuditTrailChange),
  /** SHA-256 (hex) of the entry before it in the merchant's chain; 64 zeros for the first. */
  prevHash: z.string(),
  /** SHA-256 (hex) of this entry's content and prevHash. */
  hash: z.string(),
});
export type AuditTrailEntry = z.infer<typeof AuditTrailEntry>;

const UserIdFilter = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid user id'));
const isoInstant = z.iso.datetime({ offset: true });
const rangeDays = (q: { from?: string; to?: string }) => (q.from && q.to ? (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 : 0);

/**
 * The filters of every audit read. `from` (inclusive) / `to` (exclusive) are ISO instants at most MAX_AUDIT_TRAIL_RANGE_DAYS
 * apart; without `to`: now; without `from`: DEFAULT_AUDIT_TRAIL_RANGE_DAYS before `to`. Target filters (`serial`, `mediaId`,
 * `targetUserId`) match an entry having that target.
 */
const filters = {
  merchantId: MerchantId,
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
  /** The console user who called. */
  userId: z.optional(UserIdFilter),
  action: z.optional(z.enum(AUDIT_TRAIL_ACTIONS, { error: 'unknown action' })),
  outcome: z.optional(z.enum(AUDIT_TRAIL_OUTCOMES, { error: `outcome must be one of ${AUDIT_TRAIL_OUTCOMES.join(', ')}` })),
  /** A machine the call was about. */
  serial: z.optional(z.string().check(z.regex(SERIAL_PATTERN, 'serial must be a machine serial such as CENG-00000001'))),
  /** A media the call was about (its MediaId, hexadecimal). */
  mediaId: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[0-9A-F]{8,32}$/, 'mediaId must be 8–32 hexadecimal digits'))),
  /** A user the call was about (a user changed, deleted, invited). */
  targetUserId: z.optional(UserIdFilter),
};

const filterChecks = [
  rangeInOrder(),
  z.refine<{ from?: string; to?: string }>((q) => rangeDays(q) <= MAX_AUDIT_TRAIL_RANGE_DAYS, {
    message: `the range covers at most ${MAX_AUDIT_TRAIL_RANGE_DAYS} days`,
    path: ['from'],
  }),
] as const;

export const AuditTrailPageQuery = z.strictObject({ ...newestFirstPaging('at'), ...filters }).check(...filterChecks);
export type AuditTrailPageQuery = z.infer<typeof AuditTrailPageQuery>;

/** /audit/csv: the same filters, in date order (newest first unless ordType=asc). */
export const AuditTrailFilterQuery = z.strictObject({ ...filters, ordType: z._default(z.enum(['asc', 'desc']), 'desc') }).check(...filterChecks);
export type AuditTrailFilterQuery = z.infer<typeof AuditTrailFilterQuery>;

export const AuditTrailPage = page(AuditTrailEntry);
export type AuditTrailPage = z.infer<typeof AuditTrailPage>;

export const AuditTrailScopeQuery = z.strictObject({ merchantId: MerchantId });
export type AuditTrailScopeQuery = z.infer<typeof AuditTrailScopeQuery>;
export const AuditTrailEntryParams = z.strictObject({
  seq: z.coerce.number().check(z.int('seq must be a whole number'), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)),
});
export type AuditTrailEntryParams = z.infer<typeof AuditTrailEntryParams>;

/** The audit trail's constants, apart from its zod schemas (schemas/audit.ts) so that the middleware every API function carries bundles no zod. */

/** How long an entry is kept unless the stage says otherwise (AUDIT_TRAIL_RETENTION_DAYS). */
export const AUDIT_TRAIL_RETENTION_DAYS = 400;
/** Widest date range of one list or CSV. */
export const MAX_AUDIT_TRAIL_RANGE_DAYS = 366;
/** Without `from`: this many days before `to`. */
export const DEFAULT_AUDIT_TRAIL_RANGE_DAYS = 30;
/** Most rows of one CSV answered by the API; a larger selection is exported through historical data (dataType AuditTrail). */
export const MAX_AUDIT_TRAIL_CSV_ROWS = 10_000;
/** The merchant id under which calls that concern no merchant are chained (the super admin creating a merchant, master alarms). */
export const AUDIT_TRAIL_PLATFORM_MERCHANT = '-platform-';
/** The days of the platform's trail in a large export (historical data, dataType AuditTrail) are UTC days. */
export const AUDIT_TRAIL_PLATFORM_TIMEZONE = 'UTC';
/** What a secret (password, PIN, token, API token, storage password) is written as, before and after. */
export const AUDIT_TRAIL_SECRET_VALUE = 'changed';

/** How long a call's intent may wait for its entry before the audit sweep records it instead (its call has ended by then: API functions time out at 29 s). */
export const AUDIT_TRAIL_INTENT_GRACE_SECONDS = 60;

/** The CSV's columns, in order; `targets` is `type:id` joined by spaces, `changes` is JSON. */
export const AUDIT_TRAIL_CSV_COLUMNS = [
  'at',
  'merchantId',
  'seq',
  'actorKind',
  'userId',
  'email',
  'role',
  'action',
  'method',
  'path',
  'targets',
  'outcome',
  'status',
  'errorCode',
  'correlationId',
  'sourceIp',
  'userAgent',
  'changes',
] as const;

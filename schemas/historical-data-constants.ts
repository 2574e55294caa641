/**
 * The fixed values of historical data requests (historical-data.ts), without zod: the core and the workflow's
 * functions read them without bundling the schemas.
 */

/**
 * Spec §4 data types. FailedTransactions are the sales with `errorSale`. AuditTrail is the merchant's audit trail of
 * the period (issue 28: its CSV past MAX_AUDIT_TRAIL_CSV_ROWS is exported this way), in the columns of GET /audit/csv.
 */
export const DATA_TYPES = ['Alarms', 'Transactions', 'FailedTransactions', 'Audits', 'AuditTrail'] as const;

/** Spec §4 statuses. Created = waiting or running; Expired = the link validity ended and the file is gone. */
export const DATA_REQUEST_STATUSES = ['Created', 'Completed', 'Expired', 'Error'] as const;

/** Spec §9 "maximum active data requests" (not shown): requests in status Created per merchant. */
export const MAX_ACTIVE_DATA_REQUESTS = 5;
/** Longest range one request covers, both days included. */
export const MAX_RANGE_DAYS = 366;
/** How long a completed request's file can be downloaded; then it is Expired and the object deleted. */
export const LINK_VALIDITY_DAYS = 7;
/** The message of a request whose export failed (spec §8 "historical data technical failure (retry)"). */
export const TECHNICAL_FAILURE = 'HistoricalDataTechnicalFailure';

/** Scheduled exports: the period just ended (yesterday, last week Mon–Sun, last month), in the merchant's time zone. */
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
/** Most subscriptions per merchant. */
export const MAX_SUBSCRIPTIONS = 20;

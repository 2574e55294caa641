/** The fixed values of alarms (alarm-code.ts, alarm.ts), without zod: the core reads them without bundling the schemas. */

export const ALARM_CATEGORIES = ['jam', 'usability', 'maintenance', 'fault'] as const;
/** Spec §3 criticity: notification 0, warning 2, blocking 4. */
export const ALARM_CRITICITIES = [0, 2, 4] as const;
export const CRITICITY = { notification: 0, warning: 2, blocking: 4 } as const;

/** Spec §4. An alarm of criticity 0 opens as `notification`, any other as `active`; both are open. */
export const ALARM_STATUSES = ['active', 'notification', 'repaired', 'repairedManually'] as const;

/** Longest range of the alarm statistics, in days. */
export const MAX_STATS_DAYS = 92;

/**
 * Level 1 and level 2 troubleshooting content (HTML, images inlined as data URLs) together may take this
 * many bytes (UTF-8): the item must stay well under DynamoDB's 400 KB. Beyond: TroubleshootingContentExceedsSizeLimits.
 */
export const MAX_TROUBLESHOOTING_BYTES = 300 * 1024;

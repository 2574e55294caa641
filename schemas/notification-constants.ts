/**
 * The fixed values of alarm notifications (notification.ts), without zod: the sender and the alarm writes read
 * them without bundling the schemas.
 */

/** What happened to a notification: sent (delivered to SES), failed (kept aside after every attempt), or not sent. */
export const NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed', 'digested', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** What a notification tells: an alarm raised, repaired, or a digest of those a flood held back. */
export const NOTIFICATION_KINDS = ['raised', 'repaired', 'digest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Why a user's notifications are off (shown on the profile and to administrators). */
export const NOTIFICATIONS_OFF_REASONS = ['user', 'unsubscribed', 'bounced', 'complaint'] as const;
export type NotificationsOffReason = (typeof NOTIFICATIONS_OFF_REASONS)[number];

/** No floods: a user gets at most this many e-mails per window; the rest of the window comes as one digest. */
export const DIGEST_LIMIT = 20;
export const DIGEST_WINDOW_MS = 10 * 60_000;
/** A raise of the same machine and code within this long of the last notified one (raise, clear, raise) notifies nobody again. */
export const FLAP_WINDOW_MS = 5 * 60_000;
/** An alarm event older than this when the sender sees it (a machine's backlog after days offline, a replayed week) tells nobody. */
export const NOTIFY_MAX_AGE_MS = 60 * 60_000;
/** Sends of one e-mail before it is kept aside as failed. */
export const MAX_SEND_ATTEMPTS = 5;
/** How long an unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 30;
/** A merchant's notifications log keeps entries this long (TTL). */
export const NOTIFICATION_LOG_DAYS = 90;
/** The `entity` of the outbox items the alarm transactions write: the stream filter of the sender. */
export const NOTIFICATION_OUTBOX_ENTITY = 'notificationOutbox';
/** How long an outbox item stays (TTL) once written. */
export const NOTIFICATION_OUTBOX_DAYS = 7;

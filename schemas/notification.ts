/**
 * Alarm notifications (issue 21): the merchant's notifications log (who was told what, when, delivered or failed)
 * and the e-mail's signed unsubscribe link.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from './notification-constants';

export { NOTIFICATION_KINDS, NOTIFICATION_STATUSES, NOTIFICATIONS_OFF_REASONS } from './notification-constants';

export const NotificationStatus = z.enum(NOTIFICATION_STATUSES);
export const NotificationKind = z.enum(NOTIFICATION_KINDS);

/** One e-mail (or one held back) to one user about one alarm occurrence. */
export const Notification = z.object({
  id: z.string(),
  merchantId: z.string(),
  userId: z.string(),
  email: z.string(),
  language: z.string(),
  kind: NotificationKind,
  status: NotificationStatus,
  /** Why it was not sent (suppressed: flapping; digested: over the limit of the window; failed: the last error). */
  reason: z.nullable(z.string()),
  serial: z.string(),
  posName: z.string(),
  code: z.string(),
  criticity: z.number(),
  /** base64url alarm id (as the alarms list answers it). */
  alarmId: z.string(),
  /** When the alarm was raised or repaired. */
  at: z.string(),
  attempts: z.number(),
  sentAt: z.nullable(z.string()),
  subject: z.string(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationPage = page(Notification);

const isoInstant = z.iso.datetime({ offset: true });
const filters = {
  status: z.optional(NotificationStatus),
  /** One recipient. */
  userId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid user id'))),
  /** Instants of the alarm event: from inclusive, to exclusive. */
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
};
export const NotificationListQuery = z.strictObject({ ...newestFirstPaging('at'), ...filters }).check(rangeInOrder());
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;
export const NotificationCsvQuery = z.strictObject(filters).check(rangeInOrder());
export type NotificationFilters = z.infer<typeof NotificationCsvQuery>;
export const MerchantNotificationsParams = z.strictObject({ id: MerchantId });

/** The token of an e-mail's unsubscribe link (signed, expiring). */
export const UnsubscribeRequest = z.strictObject({ token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(512)) });
export const UnsubscribeResult = z.object({ email: z.string(), receiveNotifications: z.boolean() });

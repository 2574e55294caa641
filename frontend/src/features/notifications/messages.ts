import { NOTIFICATION_STATUSES, type NotificationStatus } from '#schemas/notification-constants';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  InvalidUnsubscribeLinkException: 'notifications.unsubscribe.invalid',
  UnsubscribeLinkExpiredException: 'notifications.unsubscribe.expired',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

export function notificationErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const STATUS_MESSAGES = Object.fromEntries(NOTIFICATION_STATUSES.map((s) => [s, `notifications.status.${s}`])) as Record<NotificationStatus, string>;

export const STATUS_TONE: Record<NotificationStatus, string> = {
  pending: 'neutral',
  delivered: 'success',
  failed: 'danger',
  digested: 'warning',
  suppressed: 'neutral',
};

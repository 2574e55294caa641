import {
  MAX_ACTIVE_DATA_REQUESTS,
  MAX_SUBSCRIPTIONS,
  TECHNICAL_FAILURE,
  type DataRequestStatus,
  type DataType,
  type Frequency,
} from '#schemas/historical-data';
import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  HistoricalDataRequestNotFoundException: 'errors.HistoricalDataRequestNotFoundException',
  DataRequestNotReadyException: 'errors.DataRequestNotReadyException',
  DataRequestExpiredException: 'errors.DataRequestExpiredException',
  DataRequestNotRetryableException: 'errors.DataRequestNotRetryableException',
  TooManyActiveDataRequestsException: 'errors.TooManyActiveDataRequestsException',
  TooManySubscriptionsException: 'errors.TooManySubscriptionsException',
  SubscriptionNotFoundException: 'errors.SubscriptionNotFoundException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

/** The limits the messages name: the shared constants the API enforces. */
export const LIMIT_VALUES = { maxActive: MAX_ACTIVE_DATA_REQUESTS, maxSubscriptions: MAX_SUBSCRIPTIONS };

/** Why a subscription's last run made no request: the code's message, or a general one. */
export const lastRunErrorMessageId = (code: string): string => CODE_MESSAGES[code] ?? 'dataRequests.subscriptions.lastRunFailed';

export function dataRequestErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const REQUEST_FORM_MESSAGES: FormMessages = {
  errorMessageId: dataRequestErrorMessageId,
  errorValues: LIMIT_VALUES,
  fieldMessages: { dataType: 'dataRequests.error.dataType' },
};

export const SUBSCRIPTION_FORM_MESSAGES: FormMessages = {
  errorMessageId: dataRequestErrorMessageId,
  errorValues: LIMIT_VALUES,
};

/** Spec §4 data types. */
export const DATA_TYPE_MESSAGES: Record<DataType, string> = {
  Alarms: 'dataRequests.dataType.alarms',
  Transactions: 'dataRequests.dataType.transactions',
  FailedTransactions: 'dataRequests.dataType.failedTransactions',
  Audits: 'dataRequests.dataType.audits',
  AuditTrail: 'dataRequests.dataType.auditTrail',
};

/** Spec §4 statuses and the badge tone of each. */
export const STATUS_MESSAGES: Record<DataRequestStatus, string> = {
  Created: 'dataRequests.status.created',
  Completed: 'dataRequests.status.completed',
  Expired: 'dataRequests.status.expired',
  Error: 'dataRequests.status.error',
};
export const STATUS_TONE: Record<DataRequestStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { Created: 'neutral', Completed: 'ok', Expired: 'warn', Error: 'bad' };

export const FREQUENCY_MESSAGES: Record<Frequency, string> = {
  daily: 'dataRequests.frequency.daily',
  weekly: 'dataRequests.frequency.weekly',
  monthly: 'dataRequests.frequency.monthly',
};

/** A request's `message` (why it failed) as the spec's text; an unknown one as it came. */
const REQUEST_MESSAGES: Partial<Record<string, string>> = { [TECHNICAL_FAILURE]: 'dataRequests.message.technicalFailure' };
export const requestMessageId = (message: string | null): string | null => (message ? (REQUEST_MESSAGES[message] ?? null) : null);

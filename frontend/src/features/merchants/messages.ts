import { ApiError } from '../../lib/api';
import { errorMessageId } from '../../components/states';
import type { FieldMessages } from '../../lib/form-errors';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateMerchantNameException: 'errors.DuplicateMerchantNameException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

/** A failed call as a toast or error-state message: the area's codes, else not found / unavailable / generic. */
export function merchantErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

/** Field-specific validation messages (spec §5 and §8). */
export const FIELD_MESSAGES: FieldMessages = {
  deviceAssociationPin: 'errors.validation.pin',
  demoExpiration: 'errors.validation.demoExpiration',
  webSocketUrl: 'errors.validation.url',
  creditCardPmtUrl: 'errors.validation.url',
  anomalyProbability: 'anomalies.settings.percent.invalid',
  anomalyCashlessRatio: 'anomalies.settings.percent.invalid',
  anomalyOfflineHours: 'anomalies.settings.offlineHours.invalid',
};

/** Conflicts that belong to one field. */
export const CODE_FIELDS: Partial<Record<string, string>> = {
  DuplicateMerchantNameException: 'name',
};

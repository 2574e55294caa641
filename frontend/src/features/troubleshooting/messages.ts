import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages (spec §8: content too large → reduce image sizes). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  TroubleshootingContentExceedsSizeLimits: 'errors.TroubleshootingContentExceedsSizeLimits',
  PayloadTooLargeException: 'errors.TroubleshootingContentExceedsSizeLimits',
  DuplicateMasterAlarmException: 'troubleshooting.error.duplicate',
  MasterAlarmNotFoundException: 'troubleshooting.error.notFound',
  MasterAlarmChangedConcurrentlyException: 'troubleshooting.error.changed',
};

export function masterAlarmErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const MASTER_ALARM_FORM_MESSAGES: FormMessages = {
  errorMessageId: masterAlarmErrorMessageId,
  codeFields: { DuplicateMasterAlarmException: 'code', TroubleshootingContentExceedsSizeLimits: 'level1', PayloadTooLargeException: 'level1' },
};

export const masterAlarmPath = (code: string) => `/admin/troubleshooting-alarm/${encodeURIComponent(code)}`;

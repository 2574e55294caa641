import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  AlarmNotFoundException: 'alarms.error.notFound',
  AlarmAlreadyRepairedException: 'alarms.error.alreadyRepaired',
  PosNotFoundException: 'alarms.error.posNotFound',
  ExportTooLargeException: 'alarms.error.exportTooLarge',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

export function alarmErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  RemoteCommandPendingException: 'errors.RemoteCommandPendingException',
  RemoteCommandPosNotFoundException: 'errors.RemoteCommandPosNotFoundException',
  RemoteCommandSendException: 'errors.RemoteCommandSendException',
  MessageTooLargeException: 'errors.MessageTooLargeException',
  RemoteCommandNotPendingException: 'errors.RemoteCommandNotPendingException',
  RemoteCommandNotFoundException: 'errors.RemoteCommandNotFoundException',
  IdempotencyKeyReusedException: 'errors.RemoteCommandSendException',
  InvalidScheduleException: 'errors.InvalidScheduleException',
  PosNotFoundException: 'errors.PosNotFoundException',
  MerchantRequiredException: 'errors.MerchantRequiredException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ExportTooLargeException: 'errors.remoteCommands.ExportTooLargeException',
  ValidationException: 'errors.ValidationException',
};

export function commandErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

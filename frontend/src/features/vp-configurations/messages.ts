import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and the spec's messages (§8). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateVpConfigNameException: 'vpConfigurations.error.duplicate',
  VpConfigNotValidException: 'vpConfigurations.error.formInvalid',
  VpConfigurationNotFoundException: 'vpConfigurations.error.notFound',
  VpConfigurationVersionNotFoundException: 'vpConfigurations.error.notFound',
  VpConfigChangedConcurrentlyException: 'vpConfigurations.error.changed',
  SendVpConfigNotAllowed: 'vpConfigurations.error.sendNotAllowed',
  MessageTooLargeException: 'vpConfigurations.error.tooLarge',
  RemoteCommandPosNotFoundException: 'vpConfigurations.error.posNotFound',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function vpErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const VP_FORM_MESSAGES: FormMessages = {
  errorMessageId: vpErrorMessageId,
  fieldMessages: { parameters: 'vpConfigurations.error.parameters' },
  codeFields: { DuplicateVpConfigNameException: 'name' },
};

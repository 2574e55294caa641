import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateScreenConfigurationNameException: 'screenConfigurations.error.duplicate',
  ScreenConfigurationNotFoundException: 'screenConfigurations.error.notFound',
  ScreenConfigurationNotEnabledException: 'screenConfigurations.error.notEnabled',
  RemoteCommandPosNotFoundException: 'screenConfigurations.error.posNotFound',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function screenErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const SCREEN_FORM_MESSAGES: FormMessages = {
  errorMessageId: screenErrorMessageId,
  codeFields: { DuplicateScreenConfigurationNameException: 'name' },
};

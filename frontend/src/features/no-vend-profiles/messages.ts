import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateNoVendProfileNameException: 'noVendProfiles.error.duplicate',
  NoVendProfileNotFoundException: 'noVendProfiles.error.notFound',
  NoVendProfileInUseException: 'noVendProfiles.error.inUse',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function profileErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const PROFILE_FORM_MESSAGES: FormMessages = {
  errorMessageId: profileErrorMessageId,
  fieldMessages: { periods: 'noVendProfiles.error.periods' },
  codeFields: { DuplicateNoVendProfileNameException: 'name' },
};

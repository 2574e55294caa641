import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateGroupNameException: 'errors.DuplicateGroupNameException',
  GroupInUseException: 'errors.GroupInUseException',
  GroupNotFoundException: 'errors.GroupNotFoundException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function groupErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const GROUP_FORM_MESSAGES: FormMessages = {
  errorMessageId: groupErrorMessageId,
  codeFields: { DuplicateGroupNameException: 'name' },
};

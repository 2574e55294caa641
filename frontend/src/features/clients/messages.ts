import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateClientNameException: 'errors.DuplicateClientNameException',
  ClientNotFoundException: 'errors.ClientNotFoundException',
  ClientInUseException: 'errors.ClientInUseException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function clientErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

/** Spec §5 messages of the fields with a format (VAT, phone, postal code, URL); a duplicate name is told under the name. */
export const CLIENT_FORM_MESSAGES: FormMessages = {
  errorMessageId: clientErrorMessageId,
  fieldMessages: {
    vat: 'errors.validation.vat',
    phone: 'errors.validation.phone',
    postalCode: 'errors.validation.postalCode',
    website: 'errors.validation.url',
  },
  codeFields: { DuplicateClientNameException: 'name' },
};

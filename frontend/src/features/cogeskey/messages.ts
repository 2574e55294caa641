import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of the portal and its files (spec §5 logo and ingredients rules, §8 unsupported file type). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  UnsupportedFileTypeException: 'errors.UnsupportedFileTypeException',
  ImageTooLargeException: 'cogeskey.error.imageTooLarge',
  FileTooLargeException: 'cogeskey.error.fileTooLarge',
  UploadNotFoundException: 'cogeskey.error.upload',
  UploadFailed: 'cogeskey.error.upload',
  UnknownPortalItemsException: 'cogeskey.error.unknownItems',
  PortalChangedConcurrentlyException: 'cogeskey.error.changed',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

export function portalErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const PORTAL_FORM_MESSAGES: FormMessages = {
  errorMessageId: portalErrorMessageId,
  fieldMessages: { mainColor: 'cogeskey.error.colour', contacts: 'cogeskey.error.contacts' },
};

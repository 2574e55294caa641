import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of medias and customers and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  MediaNotFoundException: 'errors.MediaNotFoundException',
  MediaStatusException: 'errors.MediaStatusException',
  MediaBlockedException: 'errors.MediaBlockedException',
  MediaChangedConcurrentlyException: 'errors.MediaChangedConcurrentlyException',
  MediaExportTooLargeException: 'errors.MediaExportTooLargeException',
  RefundAboveMaximumException: 'errors.RefundAboveMaximumException',
  RefundDeviceConflictException: 'errors.RefundDeviceConflictException',
  BatchRefundMaximumException: 'errors.BatchRefundMaximumException',
  NoMediaRefundedException: 'errors.NoMediaRefundedException',
  LostMyKeyTargetException: 'errors.LostMyKeyTargetException',
  IdempotencyKeyReusedException: 'errors.IdempotencyKeyReusedException',
  CustomerNotFoundException: 'errors.CustomerNotFoundException',
  CustomerChangedConcurrentlyException: 'errors.CustomerChangedConcurrentlyException',
  CustomersMediaNotEnabledException: 'errors.CustomersMediaNotEnabledException',
  MediaAlreadyAssociatedException: 'errors.MediaAlreadyAssociatedException',
  TooManyCustomerMediasException: 'errors.TooManyCustomerMediasException',
  // Only the customers' CSV answers it on these screens.
  ExportTooLargeException: 'errors.customers.ExportTooLargeException',
  PosNotFoundException: 'errors.PosNotFoundException',
  MerchantRequiredException: 'errors.MerchantRequiredException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
  UnknownMediaSapCodeException: 'errors.UnknownMediaSapCodeException',
};

export function mediaErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const isNoMediaRefunded = (error: unknown) => error instanceof ApiError && error.code === 'NoMediaRefundedException';

import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of web payment orders and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  WebPaymentsNotEnabledException: 'errors.WebPaymentsNotEnabledException',
  WebPaymentOrderNotFoundException: 'errors.WebPaymentOrderNotFoundException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function orderErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

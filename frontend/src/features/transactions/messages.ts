import { MAX_TRANSACTION_CSV_ROWS } from '#schemas/transaction-constants';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of transactions and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  MaxResultsExceededException: 'errors.MaxResultsExceededException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  MerchantRequiredException: 'errors.MerchantRequiredException',
  ValidationException: 'errors.ValidationException',
};

export function transactionErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

/** An export past the cap: the filters match more rows than a CSV answer holds. */
export const isPastTheCap = (error: unknown) => error instanceof ApiError && error.code === 'MaxResultsExceededException';

/** The cap the "past the cap" notice names. */
export const CSV_CAP = MAX_TRANSACTION_CSV_ROWS;

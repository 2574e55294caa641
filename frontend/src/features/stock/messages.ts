import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of stock and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  StockNotManagedException: 'errors.StockNotManagedException',
  StockLineNotFoundException: 'errors.StockLineNotFoundException',
  StockValueAboveCapacityException: 'errors.StockValueAboveCapacityException',
  StockChangedConcurrentlyException: 'errors.StockChangedConcurrentlyException',
  TooManyPickListMachinesException: 'errors.TooManyPickListMachinesException',
  PosChangedConcurrentlyException: 'errors.PosChangedConcurrentlyException',
  PosNotFoundException: 'errors.PosNotFoundException',
  MerchantRequiredException: 'errors.MerchantRequiredException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function stockErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const isStockNotManaged = (error: unknown) => error instanceof ApiError && error.code === 'StockNotManagedException';

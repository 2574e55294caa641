import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  ProductCodeAlreadyExistsException: 'errors.ProductCodeAlreadyExistsException',
  ProductNameAlreadyExistsException: 'errors.ProductNameAlreadyExistsException',
  ProductNotFoundException: 'errors.ProductNotFoundException',
  ProductInUseException: 'errors.ProductInUseException',
  ProductImportInvalidException: 'errors.ProductImportInvalidException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function productErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

/** A duplicate code or name is told under its field. */
export const PRODUCT_FORM_MESSAGES: FormMessages = {
  errorMessageId: productErrorMessageId,
  fieldMessages: { code: 'products.validation.code', vat: 'products.validation.vat' },
  codeFields: { ProductCodeAlreadyExistsException: 'code', ProductNameAlreadyExistsException: 'name' },
};

/** A refused delete names the planograms that still use the product (the answer's details). */
export const deleteErrorMessageId = (error: unknown) =>
  error instanceof ApiError && error.code === 'ProductInUseException' ? 'products.delete.inUse' : productErrorMessageId(error);

export const deleteErrorValues = (error: unknown) =>
  error instanceof ApiError && error.code === 'ProductInUseException' ? { planograms: (error.details ?? []).map((d) => d.message).join(', ') } : undefined;

import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  SapCodeNotFoundException: 'sapCodes.error.notFound',
  DuplicateSapCodeException: 'sapCodes.error.duplicate',
};

export function sapCodeErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const SAP_CODE_FORM_MESSAGES: FormMessages = {
  errorMessageId: sapCodeErrorMessageId,
  fieldMessages: { code: 'sapCodes.field.code.invalid' },
  codeFields: { DuplicateSapCodeException: 'code' },
};

export const sapCodePath = (id: string) => `/admin/sapcodes/${encodeURIComponent(id)}`;
export const merchantSapCodesPath = (merchantId: string) => `/admin/merchants/${encodeURIComponent(merchantId)}/sapcodes`;

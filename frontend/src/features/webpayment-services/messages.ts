import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  WebPaymentServiceNotFoundException: 'webpaymentServices.error.notFound',
  WebPaymentServiceChangedConcurrentlyException: 'webpaymentServices.error.changed',
  WebPaymentConfigNotFoundException: 'webpaymentServices.error.configNotFound',
};

export function webPaymentServiceErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const WEBPAYMENT_SERVICE_FORM_MESSAGES: FormMessages = { errorMessageId: webPaymentServiceErrorMessageId };

export const webPaymentServicePath = (id: string) => `/admin/webpayment-services/${encodeURIComponent(id)}`;

import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of reports and their messages (spec §8 report errors). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  ReportNoDataException: 'reports.error.noData',
  ReportFileNotReadyException: 'reports.error.pdf',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

/** Getting a report failed: the code's message, else the spec's "error getting the report". */
export function reportErrorMessageId(error: unknown): string {
  if (error instanceof ApiError && CODE_MESSAGES[error.code]) return CODE_MESSAGES[error.code]!;
  return error instanceof ApiError && error.status >= 500 ? 'reports.error.get' : errorMessageId(error);
}

export const isNoData = (error: unknown) => error instanceof ApiError && error.code === 'ReportNoDataException';

export const TYPE_MESSAGES = {
  products: 'reports.type.products',
  pos: 'reports.type.pos',
  'alarms-downtime': 'reports.type.alarmsDowntime',
  transactions: 'reports.type.transactions',
} as const;

export const PARAMETER_MESSAGES = {
  groupId: 'reports.parameter.groupId',
  clientId: 'reports.parameter.clientId',
  productCode: 'reports.parameter.productCode',
} as const;

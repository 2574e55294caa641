import type { BulkMachineResult, BulkPreviewMachine } from '#schemas/prices';
import type { PriceAction, PriceOrigin, PriceSyncState, PriceTable } from '#schemas/prices-constants';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of prices (spec §8) and their messages; anything else is the spec's error of the action. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  PosNotFoundException: 'errors.PosNotFoundException',
  PosWithoutPlanogramException: 'errors.PosWithoutPlanogramException',
  PricesChangedConcurrentlyException: 'errors.PricesChangedConcurrentlyException',
  SavePricesBeforeSendingException: 'errors.SavePricesBeforeSendingException',
  NoSyncedPricesException: 'errors.NoSyncedPricesException',
  RemoteCommandPendingException: 'errors.RemoteCommandPendingException',
  MessageTooLargeException: 'errors.MessageTooLargeException',
  RemoteCommandSendException: 'errors.RemoteCommandSendException',
  ValidationException: 'errors.ValidationException',
  TooManyBulkMachinesException: 'errors.TooManyBulkMachinesException',
  ProductNotFoundException: 'errors.ProductNotFoundException',
  PlanogramNotFoundException: 'planograms.error.notFound',
  GroupNotFoundException: 'errors.GroupNotFoundException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

/** Spec §8: errors getting, setting and sending prices, unless the API's code says more. */
const ACTION_MESSAGES = { get: 'prices.error.get', set: 'prices.error.set', send: 'prices.error.send' } as const;

export function pricesErrorMessageId(error: unknown, action: keyof typeof ACTION_MESSAGES): string {
  if (error instanceof ApiError && CODE_MESSAGES[error.code]) return CODE_MESSAGES[error.code]!;
  const generic = errorMessageId(error);
  // Service trouble says so; any other failure is the spec's message of the action.
  return generic === 'errors.unavailable' ? generic : ACTION_MESSAGES[action];
}

export const isPricesConflict = (error: unknown) => error instanceof ApiError && error.code === 'PricesChangedConcurrentlyException';

/** Spec §3 price tables. */
export const TABLE_MESSAGES: Record<PriceTable, string> = {
  1: 'prices.table.1',
  2: 'prices.table.2',
  3: 'prices.table.3',
  4: 'prices.table.4',
  5: 'prices.table.5',
  6: 'prices.table.6',
  7: 'prices.table.7',
  8: 'prices.table.8',
};

/** Spec §3 sync states. */
export const STATUS_MESSAGES: Record<PriceSyncState, string> = { sync: 'prices.status.sync', pending: 'prices.status.pending' };

/** Where the current prices come from (spec §3: modified in device, via ERP API). */
export const ORIGIN_MESSAGES: Record<PriceOrigin, string> = {
  console: 'prices.origin.console',
  erpApi: 'prices.origin.erpApi',
  device: 'prices.origin.device',
};

export const ACTION_LABELS: Record<PriceAction, string> = {
  save: 'prices.action.save',
  bulk: 'prices.action.bulk',
  cancel: 'prices.action.cancel',
  device: 'prices.action.device',
};

/** Why a previewed machine would not change. */
export const PROBLEM_MESSAGES: Record<NonNullable<BulkPreviewMachine['problem']>, string> = {
  negativePrice: 'prices.bulk.problem.negativePrice',
  priceTooHigh: 'prices.bulk.problem.priceTooHigh',
};

/** A bulk change's outcome per machine. */
export const OUTCOME_MESSAGES: Record<BulkMachineResult['outcome'], string> = {
  saved: 'prices.bulk.outcome.saved',
  unchanged: 'prices.bulk.outcome.unchanged',
  conflict: 'prices.bulk.outcome.conflict',
  negativePrice: 'prices.bulk.outcome.negativePrice',
  priceTooHigh: 'prices.bulk.outcome.priceTooHigh',
  notFound: 'prices.bulk.outcome.notFound',
  failed: 'prices.bulk.outcome.failed',
};

import { MEDIA_TYPES, TRANSACTION_TYPES } from '#schemas/iot';
import type { SourceTypeCode, StatCategory } from '#schemas/transaction-constants';

/**
 * Labels of a transaction's numbered fields (spec §3), shared by every screen that lists transactions: the
 * transactions screens, a machine's transactions tab, a media's and a customer's.
 */

/** Spec §3 transaction types; 8–10 are not shown (no label, no filter option). */
export const TRANSACTION_TYPE_MESSAGES: Partial<Record<number, string>> = {
  1: 'labels.transactionType.onlineSale',
  2: 'labels.transactionType.cashSale',
  3: 'labels.transactionType.mediaSale',
  4: 'labels.transactionType.recharge',
  5: 'labels.transactionType.bonusCredit',
  6: 'labels.transactionType.bonusService',
  7: 'labels.transactionType.creditRequestInfo',
  11: 'labels.transactionType.cloudSale',
  12: 'labels.transactionType.cloudRecharge',
  13: 'labels.transactionType.cloudSaleCredit',
  14: 'labels.transactionType.creditTransfer',
  15: 'labels.transactionType.creditTransfer',
  16: 'labels.transactionType.creditTransfer',
  17: 'labels.transactionType.creditTransfer',
  107: 'labels.transactionType.technicalVisitStart',
  108: 'labels.transactionType.technicalVisitEnd',
  109: 'labels.transactionType.refillerVisitStart',
  110: 'labels.transactionType.refillerVisitEnd',
};
export const SHOWN_TRANSACTION_TYPES = TRANSACTION_TYPES.filter((t) => TRANSACTION_TYPE_MESSAGES[t]);

/** Spec §3 media types; 253 is not shown. */
export const MEDIA_TYPE_MESSAGES: Partial<Record<(typeof MEDIA_TYPES)[number], string>> = {
  0: 'labels.mediaType.unknown',
  1: 'labels.mediaType.cl',
  2: 'labels.mediaType.myKey',
  5: 'labels.mediaType.mifare',
  7: 'labels.mediaType.legic',
  8: 'labels.mediaType.easyKey',
  9: 'labels.mediaType.mdbCashless',
  10: 'labels.mediaType.mifareNfc',
  11: 'labels.mediaType.datakey',
  12: 'labels.mediaType.programkey',
  13: 'labels.mediaType.serviceKey',
  14: 'labels.mediaType.serviceKey',
  15: 'labels.mediaType.serviceKey',
  16: 'labels.mediaType.usb',
  17: 'labels.mediaType.usb',
  18: 'labels.mediaType.usb',
  19: 'labels.mediaType.usb',
  20: 'labels.mediaType.usb',
  21: 'labels.mediaType.desfire',
  22: 'labels.mediaType.ultralight',
  23: 'labels.mediaType.iso14443',
  24: 'labels.mediaType.dataKeyPass',
  25: 'labels.mediaType.externalCredit',
  26: 'labels.mediaType.btVirtualKey',
  27: 'labels.mediaType.mobileApp',
  90: 'labels.mediaType.creditCard',
  91: 'labels.mediaType.magneticStripe',
  92: 'labels.mediaType.rf125',
  230: 'labels.mediaType.webRefund',
  250: 'labels.mediaType.cloudRefund',
  251: 'labels.mediaType.refundKey',
  252: 'labels.mediaType.cash',
  254: 'labels.mediaType.special',
};

/** Spec §3 price tables. */
export const PRICE_TABLE_MESSAGES: Record<number, string> = {
  1: 'labels.priceTable.cash1',
  2: 'labels.priceTable.key1',
  3: 'labels.priceTable.key2',
  4: 'labels.priceTable.key3',
  5: 'labels.priceTable.key4',
  6: 'labels.priceTable.cashless1',
  7: 'labels.priceTable.cashless2',
  8: 'labels.priceTable.cash2',
};

/** Where a transaction came from (schemas/transaction-constants.ts: our list, the spec has none). */
export const SOURCE_TYPE_MESSAGES: Record<SourceTypeCode, string> = {
  0: 'labels.sourceType.unknown',
  1: 'labels.sourceType.vendingMachine',
  2: 'labels.sourceType.rechargeStation',
  3: 'labels.sourceType.mobileApp',
  4: 'labels.sourceType.webPortal',
  5: 'labels.sourceType.console',
};

/** Statistics categories (issue 20), in the legends' order, each with its name and its colour in the charts. */
export const CATEGORY_MESSAGES: Record<StatCategory, string> = {
  error: 'labels.category.error',
  free: 'labels.category.free',
  cash: 'labels.category.cash',
  media: 'labels.category.media',
  cashless: 'labels.category.cashless',
  recharges: 'labels.category.recharges',
  bonus: 'labels.category.bonus',
  other: 'labels.category.other',
};
export const CATEGORY_COLORS: Record<StatCategory, string> = {
  error: '#c62828',
  free: '#8e24aa',
  cash: '#2e7d32',
  media: '#1565c0',
  cashless: '#00838f',
  recharges: '#ef6c00',
  bonus: '#f9a825',
  other: '#757575',
};

/** A value whose label is not shown (spec: "not shown") reads as its number. */
export const labelOr = (messageId: string | undefined, value: number, format: (id: string) => string) => (messageId ? format(messageId) : String(value));

import { WEB_ORDER_RESULTS, WEB_ORDER_TYPES } from '#schemas/webpayment-order';

type OrderType = (typeof WEB_ORDER_TYPES)[number];
type OrderResult = (typeof WEB_ORDER_RESULTS)[number];

/** Spec §4 web order types. */
export const ORDER_TYPE_MESSAGES: Record<OrderType, string> = { 0: 'webpaymentOrders.type.payment', 1: 'webpaymentOrders.type.recharge' };

/** Spec §4 web order results and the badge tone of each. */
export const ORDER_RESULT_MESSAGES: Record<OrderResult, string> = {
  0: 'webpaymentOrders.result.waiting',
  1: 'webpaymentOrders.result.success',
  2: 'webpaymentOrders.result.error',
};
export const ORDER_RESULT_TONE: Record<OrderResult, 'ok' | 'bad' | 'neutral'> = { 0: 'neutral', 1: 'ok', 2: 'bad' };

/** Where the customer paid. */
export const CHANNEL_MESSAGES = { app: 'webpaymentOrders.channel.app', web: 'webpaymentOrders.channel.web' } as const;

/** The message of a number the API sent, or the number itself when it is outside the spec's list. */
export const labelOf = <K extends number>(messages: Record<K, string>, value: number, format: (id: string) => string): string =>
  value in messages ? format(messages[value as K]) : String(value);

/** Where an order's detail screen is (spec §2 names it without an id: the order travels in the address). */
export const orderDetailPath = (id: string, merchantId: string) =>
  `/transactions/webpayment-order-details?${new URLSearchParams({ id, merchantId }).toString()}`;

/**
 * Request and response details as the service sent them: JSON shown indented, anything else as it is.
 * Card numbers in them are already masked by the API.
 */
export function readableDetails(text: string | null): string {
  if (text === null || text.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Web payment orders (issue 20 item 6; spec §3 order, §4 type and result). This console has no customer portal:
 * orders (and the customers who pay them, schemas/customer.ts) come from the payment service's callback,
 * authenticated by the merchant's API token as the ERP's prices are.
 *
 * Routes (group `webpayment-orders`, read only; all four roles; the merchant needs WEBPAYMENTS, else 403
 * WebPaymentsNotEnabledException; another merchant's order → 404 WebPaymentOrderNotFoundException):
 * - GET /webpayment-orders        WebPaymentOrderListQuery → WebPaymentOrderPage (newest first)
 * - GET /webpayment-orders/{id}   ?merchantId (MerchantScopeQuery of customer.ts) → WebPaymentOrder
 * Route (group `payment-service`, roles 'public'):
 * - POST /payment-service/{id}/orders   header x-api-token, body PaymentServiceCallback → PaymentServiceCallbackResult.
 *   `{id}` is the merchant. A missing or wrong token, or an unknown merchant → 401 UnauthorizedException; WEBPAYMENTS
 *   off → 403 WebPaymentsNotEnabledException. Idempotent by (service, serviceTransactionNumber): the same call twice
 *   is one order (and one credit). Result 0 waiting → 1 success | 2 error; a final result never changes (another
 *   final result, or a different type, amount or media for the same number → 409 WebPaymentOrderConflictException;
 *   a late `waiting` answers the stored order unchanged). A successful recharge (type 1) adds `amount` to the
 *   media's cloud credit once, as a transaction type 12 (cloud recharge) of media type 25 (external credit) in
 *   /transactions and the statistics; the media must be the merchant's (404 MediaNotFoundException) and the
 *   currency the merchant's (400). Request and response details are stored with card numbers masked (maskCardNumbers).
 */
import * as z from 'zod/mini';
import { CurrencyCode } from './currency';
import { MerchantId } from './merchant-summary';
import { wholeNumber } from './machine-prices';
import { numberIn } from './number-enum';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { CustomerRegistration } from './customer';
import { MediaIdValue } from './media';

export { API_TOKEN_HEADER } from './machine-prices';

/** Spec §3 web service types. */
export const WEB_SERVICE_TYPES = { 0: 'Nexi', 1: 'PayPal', 2: 'Satispay', 3: 'Assiopay', 4: 'Vendon Gateway' } as const;
export const WEB_SERVICE_TYPE_NUMBERS = [0, 1, 2, 3, 4] as const;
/** Spec §4 web order type: 0 payment, 1 recharge (of a media's cloud credit). */
export const WEB_ORDER_TYPES = [0, 1] as const;
export const WEB_ORDER_TYPE = { payment: 0, recharge: 1 } as const;
/** Spec §4 web order result: 0 waiting, 1 success, 2 error. */
export const WEB_ORDER_RESULTS = [0, 1, 2] as const;
export const WEB_ORDER_RESULT = { waiting: 0, success: 1, error: 2 } as const;
/** The media type of a web recharge's transaction (spec §3: 25 external credit; 230 web refund is for refunds). */
export const WEB_RECHARGE_MEDIA_TYPE = 25;
/** Request and response details are the service's own text (JSON as it sent it), at most this long. */
export const MAX_ORDER_DETAILS_LENGTH = 4_000;
/** Largest order amount in minor units (as the largest price). */
export const MAX_ORDER_AMOUNT = 100_000_000;

export const WebServiceType = numberIn(WEB_SERVICE_TYPE_NUMBERS, 'service must be 0 Nexi, 1 PayPal, 2 Satispay, 3 Assiopay or 4 Vendon Gateway');
export const WebOrderType = numberIn(WEB_ORDER_TYPES, 'type must be 0 (payment) or 1 (recharge)');
export const WebOrderResult = numberIn(WEB_ORDER_RESULTS, 'result must be 0 (waiting), 1 (success) or 2 (error)');

/** An order's id: derived from its service and service transaction number (so a repeated callback finds it). */
export const WebPaymentOrderId = z.string().check(z.regex(/^[a-f0-9]{24}$/, 'invalid order id'));
export const WebPaymentOrderParams = z.strictObject({ id: WebPaymentOrderId });

export const ServiceTransactionNumber = z.string().check(z.regex(/^[A-Za-z0-9_.:/-]{1,64}$/, 'serviceTransactionNumber: 1–64 letters, digits or _ . : / -'));

/**
 * Details are stored with every Luhn-valid run of 13–19 digits (spaces or dashes between groups allowed) masked
 * to its first 6 and last 4 digits, so a card number a service puts in them is never stored or shown whole.
 */
export function maskCardNumbers(text: string): string {
  return text.replace(/(?<!\d[ -]?)\d(?:[ -]?\d){12,18}(?![ -]?\d)/g, (run) => {
    const digits = run.replace(/[ -]/g, '');
    return luhn(digits) ? `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}` : run;
  });
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const details = z.optional(z.string().check(z.maxLength(MAX_ORDER_DETAILS_LENGTH, `at most ${MAX_ORDER_DETAILS_LENGTH} characters`)));

/** What the payment service sends about one order (and, optionally, who paid it). */
export const PaymentServiceCallback = z
  .strictObject({
    service: WebServiceType,
    serviceTransactionNumber: ServiceTransactionNumber,
    type: WebOrderType,
    result: WebOrderResult,
    /** Minor units of `currency`, which must be the merchant's. */
    amount: wholeNumber(0, MAX_ORDER_AMOUNT, 'amount'),
    currency: CurrencyCode,
    /** The media a recharge credits (required for type 1). */
    mediaId: z.optional(MediaIdValue),
    /** Where the customer paid: the mobile app or the web portal (the transaction's source type 3 or 4; default web portal). */
    channel: z._default(z.enum(['app', 'web']), 'web'),
    requestDetails: details,
    responseDetails: details,
    customer: z.optional(CustomerRegistration),
  })
  .check(
    z.refine((b) => b.type !== WEB_ORDER_TYPE.recharge || b.mediaId !== undefined, { message: 'a recharge needs mediaId', path: ['mediaId'] }),
    z.refine((b) => b.type !== WEB_ORDER_TYPE.recharge || b.result !== WEB_ORDER_RESULT.success || b.amount > 0, {
      message: 'a successful recharge needs an amount greater than 0',
      path: ['amount'],
    }),
  );
export type PaymentServiceCallback = z.infer<typeof PaymentServiceCallback>;

export const WebPaymentOrder = z.object({
  id: z.string(),
  merchantId: z.string(),
  serviceType: z.number(),
  serviceName: z.string(),
  serviceTransactionNumber: z.string(),
  type: z.number(),
  result: z.number(),
  /** The order reached a final result and its effect is applied (a successful recharge credited). */
  processed: z.boolean(),
  processedAt: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  mediaId: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  /** The service's user id of the customer (app or partner). */
  customerUserId: z.nullable(z.string()),
  channel: z.enum(['app', 'web']),
  requestDetails: z.nullable(z.string()),
  responseDetails: z.nullable(z.string()),
  /** The cloud recharge transaction of a successful recharge. */
  transactionId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebPaymentOrder = z.infer<typeof WebPaymentOrder>;
export const WebPaymentOrderPage = page(WebPaymentOrder);

const isoInstant = z.iso.datetime({ offset: true });

/** A merchant's orders, newest first unless ordType=asc; `from` (inclusive) / `to` (exclusive) bound the creation time. */
export const WebPaymentOrderListQuery = z
  .strictObject({
    merchantId: MerchantId,
    ...newestFirstPaging('createdAt'),
    from: z.optional(isoInstant),
    to: z.optional(isoInstant),
    type: z.optional(numberIn(WEB_ORDER_TYPES, 'type must be 0 (payment) or 1 (recharge)', true)),
    result: z.optional(numberIn(WEB_ORDER_RESULTS, 'result must be 0 (waiting), 1 (success) or 2 (error)', true)),
    service: z.optional(numberIn(WEB_SERVICE_TYPE_NUMBERS, 'service must be 0–4', true)),
  })
  .check(rangeInOrder());
export type WebPaymentOrderListQuery = z.infer<typeof WebPaymentOrderListQuery>;

export const PaymentServiceParams = z.strictObject({ id: MerchantId });

/** The stored order after the call; `credited` is true only on the call that credited the media. */
export const PaymentServiceCallbackResult = z.object({ order: WebPaymentOrder, customerId: z.nullable(z.string()), credited: z.boolean() });
export type PaymentServiceCallbackResult = z.infer<typeof PaymentServiceCallbackResult>;

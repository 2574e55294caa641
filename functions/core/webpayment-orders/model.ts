/**
 * Web payment orders (issue 20 item 6): what the payment service's callback makes of an order. Result 0 waiting may
 * become 1 success or 2 error once; a final order never changes again, nor what it is for.
 */
import { createHash } from 'node:crypto';
import { withAction, type MediaRecord } from '../medias/model';
import {
  WEB_ORDER_RESULT,
  WEB_ORDER_TYPE,
  WEB_SERVICE_TYPES,
  maskCardNumbers,
  type PaymentServiceCallback,
  type WebPaymentOrder,
} from '#schemas/webpayment-order';

/** An order's id: 96 bits of the SHA-256 of its service and service transaction number (a repeated callback finds it). */
export const orderIdOf = (service: number, serviceTransactionNumber: string) =>
  createHash('sha256').update(`${service}#${serviceTransactionNumber}`, 'utf8').digest('hex').slice(0, 24);

export const serviceNameOf = (service: number) => WEB_SERVICE_TYPES[service as keyof typeof WEB_SERVICE_TYPES] ?? String(service);

const isFinal = (result: number) => result !== WEB_ORDER_RESULT.waiting;

/** A successful recharge credits its media, once: on the write that makes the order successful. */
export const credits = (o: Pick<WebPaymentOrder, 'type' | 'result'>) => o.type === WEB_ORDER_TYPE.recharge && o.result === WEB_ORDER_RESULT.success;

export type CallbackStep = { kind: 'write'; order: WebPaymentOrder } | { kind: 'unchanged' } | { kind: 'conflict'; what: string };

export interface CallbackContext {
  merchantId: string;
  customerId: string | null;
  now: string;
}

/** What a callback does to the stored order (undefined: none yet). */
export function callbackStep(stored: WebPaymentOrder | undefined, call: PaymentServiceCallback, ctx: CallbackContext): CallbackStep {
  const details = (text: string | undefined) => (text === undefined ? undefined : maskCardNumbers(text));
  if (stored) {
    const changed =
      (['type', 'amount', 'currency'] as const).find((f) => stored[f] !== call[f]) ?? (stored.mediaId !== (call.mediaId ?? null) ? 'mediaId' : undefined);
    if (changed) return { kind: 'conflict', what: changed };
    if (isFinal(stored.result)) return call.result === stored.result || !isFinal(call.result) ? { kind: 'unchanged' } : { kind: 'conflict', what: 'result' };
  }
  const final = isFinal(call.result);
  const base: WebPaymentOrder = stored ?? {
    id: orderIdOf(call.service, call.serviceTransactionNumber),
    merchantId: ctx.merchantId,
    serviceType: call.service,
    serviceName: serviceNameOf(call.service),
    serviceTransactionNumber: call.serviceTransactionNumber,
    type: call.type,
    result: WEB_ORDER_RESULT.waiting,
    processed: false,
    processedAt: null,
    amount: call.amount,
    currency: call.currency,
    mediaId: call.mediaId ?? null,
    customerId: null,
    customerUserId: null,
    channel: call.channel,
    requestDetails: null,
    responseDetails: null,
    transactionId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const order: WebPaymentOrder = {
    ...base,
    result: call.result,
    processed: final,
    processedAt: final ? ctx.now : null,
    customerId: ctx.customerId ?? base.customerId,
    customerUserId: call.customer?.userId ?? base.customerUserId,
    requestDetails: details(call.requestDetails) ?? base.requestDetails,
    responseDetails: details(call.responseDetails) ?? base.responseDetails,
    updatedAt: ctx.now,
  };
  return { kind: 'write', order: credits(order) ? { ...order, transactionId: order.id } : order };
}

/**
 * The media after a successful web recharge: its cloud credit grows by the amount (a machine pays it onto the key,
 * as a refund's), recorded in its history as credit received from the service. Its 30 day figures count the
 * recharge when a machine reports paying it (a type 12 of the media), not here, so it is counted once.
 */
export function rechargedMedia(media: MediaRecord, order: Pick<WebPaymentOrder, 'id' | 'amount' | 'serviceName'>, at: string): MediaRecord {
  const next = { ...media, cloudCredit: media.cloudCredit + order.amount };
  return withAction(
    next,
    { action: 'creditReceived', amount: order.amount, transactionId: order.id },
    { userId: PAYMENT_SERVICE_ACTOR, email: order.serviceName, at },
  );
}

/** Who a web recharge's media action names: the payment service, by its name. */
export const PAYMENT_SERVICE_ACTOR = 'payment-service';

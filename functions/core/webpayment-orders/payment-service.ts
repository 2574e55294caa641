/**
 * POST /payment-service/{merchantId}/orders: the payment service tells the merchant's console about an order and who
 * paid it, with the merchant's API token instead of a sign-in (as the ERP's prices). Idempotent by service and
 * service transaction number: a repeated call is one order and, for a successful recharge, one credit.
 */
import { WEB_ORDER_TYPE, type PaymentServiceCallback, type PaymentServiceCallbackResult } from '../../../schemas/webpayment-order';
import type { CustomerRegistration } from '../../../schemas/customer';
import { MediaNotFoundException } from '../customers/errors';
import { registered, customerIdOf } from '../customers/model';
import type { CustomerRepository, MediaSnapshots } from '../customers/ports';
import { tokenMatches } from '../shared/api-token';
import { OrderCurrencyMismatchException, PaymentServiceTokenRejectedException, WebPaymentOrderConflictException, WebPaymentsNotEnabledException } from './errors';
import { callbackStep, credits, orderIdOf, serviceNameOf } from './model';
import type { CloudRecharge, PaymentServiceMerchants, WebPaymentOrderRepository } from './ports';

export interface PaymentServiceDeps {
  merchants: PaymentServiceMerchants;
  orders: WebPaymentOrderRepository;
  customers: Pick<CustomerRepository, 'get' | 'save'>;
  medias: Pick<MediaSnapshots, 'get'>;
  now: () => string;
}

/** Transaction source types (schemas/transaction-constants.ts): 3 mobile app, 4 web portal. */
const SOURCE_OF_CHANNEL = { app: 3, web: 4 } as const;

/** Attempts of a write that lost a race with a concurrent call for the same order or customer. */
const ATTEMPTS = 5;

export async function paymentServiceCallback(deps: PaymentServiceDeps, token: string | undefined, merchantId: string, call: PaymentServiceCallback): Promise<PaymentServiceCallbackResult> {
  const merchant = await deps.merchants.context(merchantId);
  // An unknown merchant is told apart from a wrong token by nothing.
  if (!tokenMatches(token ?? '', merchant?.apiToken ?? '') || !merchant) throw new PaymentServiceTokenRejectedException();
  if (!merchant.features.includes('WEBPAYMENTS')) throw new WebPaymentsNotEnabledException();
  if (call.currency !== merchant.currency) throw new OrderCurrencyMismatchException(merchant.currency);
  const media = call.type === WEB_ORDER_TYPE.recharge && call.mediaId ? await deps.medias.get(merchantId, call.mediaId) : undefined;
  if (call.type === WEB_ORDER_TYPE.recharge && !media) throw new MediaNotFoundException();

  const customerId = call.customer ? customerIdOf(call.customer.userId) : null;
  const id = orderIdOf(call.service, call.serviceTransactionNumber);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await deps.orders.get(merchantId, id);
    const step = callbackStep(stored, call, { merchantId, customerId, now: deps.now() });
    if (step.kind === 'conflict') throw new WebPaymentOrderConflictException(step.what);
    // Seen before: its customer was registered then, unless that write failed after the order's.
    if (step.kind === 'unchanged') return { order: stored!, customerId: await register(deps, merchantId, call, true), credited: false };
    const { order } = step;
    const recharge: CloudRecharge | undefined = credits(order)
      ? {
          id: order.id,
          merchantId,
          mediaId: media!.mediaId,
          mediaSerial: media!.serial,
          amount: order.amount,
          currency: order.currency,
          createdAt: order.updatedAt,
          sourceType: SOURCE_OF_CHANNEL[order.channel],
          externalUserId: order.customerUserId,
        }
      : undefined;
    const outcome = await deps.orders.write(order, stored?.result, recharge);
    if (outcome === 'mediaNotFound') throw new MediaNotFoundException();
    if (outcome === 'written') return { order, customerId: await register(deps, merchantId, call, false), credited: recharge !== undefined };
  }
  throw new WebPaymentOrderConflictException('result (concurrent calls)');
}

/** Registers the order's customer, or updates what the service sent of it (`onlyIfNew`: not a known one); its id, or null without one. */
async function register(deps: PaymentServiceDeps, merchantId: string, call: PaymentServiceCallback, onlyIfNew: boolean): Promise<string | null> {
  const reg: CustomerRegistration | undefined = call.customer;
  if (!reg) return null;
  const id = customerIdOf(reg.userId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await deps.customers.get(merchantId, id);
    if (current && onlyIfNew) return id;
    const next = registered(current, merchantId, reg, serviceNameOf(call.service), deps.now());
    if (await deps.customers.save({ ...next, version: (current?.version ?? 0) + 1 }, current?.version)) return id;
  }
  throw new WebPaymentOrderConflictException('customer (concurrent calls)');
}

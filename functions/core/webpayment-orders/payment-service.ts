/**
 * POST /payment-service/{merchantId}/orders: the payment service tells the merchant's console about an order and who
 * paid it, with the merchant's API token instead of a sign-in (as the ERP's prices). Idempotent by service and
 * service transaction number: a repeated call is one order and, for a successful recharge, one credit.
 */
import { WEB_ORDER_TYPE, type PaymentServiceCallback, type PaymentServiceCallbackResult, type WebPaymentOrder } from '#schemas/webpayment-order';
import type { CustomerRegistration } from '#schemas/customer';
import { SOURCE_TYPE } from '#schemas/transaction-constants';
import { customerIdOf, registered } from '../customers/model';
import type { CustomerRepository } from '../customers/ports';
import { MediaNotFoundException } from '../medias/errors';
import type { MediaRecord } from '../medias/model';
import type { MediaRepository } from '../medias/ports';
import { tokenMatches } from '../shared/api-token';
import { OrderCurrencyMismatchException, PaymentServiceTokenRejectedException, WebPaymentOrderConflictException } from './errors';
import { callbackStep, credits, orderIdOf, rechargedMedia, serviceNameOf } from './model';
import type { CloudRecharge, PaymentServiceMerchant, PaymentServiceMerchants, WebPaymentOrderRepository } from './ports';
import { recordCaller, recordChange } from '../audit/change-recorder';
import { WebPaymentServiceNotConfiguredException } from '../webpayment-services/errors';
import type { WebPaymentConfigRepository } from '../webpayment-services/ports';

export interface PaymentServiceDeps {
  merchants: PaymentServiceMerchants;
  orders: WebPaymentOrderRepository;
  customers: Pick<CustomerRepository, 'get' | 'save'>;
  medias: Pick<MediaRepository, 'get'>;
  /** The merchant's web payment configurations: a callback must name the type of a service configured for it. */
  webPaymentConfigs: Pick<WebPaymentConfigRepository, 'list'>;
  now: () => string;
}

/** Attempts of a write that lost a race with a concurrent call for the same order, media or customer. */
const ATTEMPTS = 5;

export async function paymentServiceCallback(
  deps: PaymentServiceDeps,
  token: string | undefined,
  merchantId: string,
  call: PaymentServiceCallback,
): Promise<PaymentServiceCallbackResult> {
  const merchant = await deps.merchants.context(merchantId);
  // An unknown merchant is told apart from a wrong token by nothing.
  if (!tokenMatches(token ?? '', merchant?.apiTokenHash ?? '') || !merchant) throw new PaymentServiceTokenRejectedException();
  recordCaller('paymentService', merchantId);
  // WEBPAYMENTS is the route's feature: the manifest's feature gate checked it for this token's merchant before.
  const configs = await deps.webPaymentConfigs.list(merchantId);
  if (!configs.some((c) => c.serviceType === call.service)) throw new WebPaymentServiceNotConfiguredException(call.service);
  if (call.currency !== merchant.currency) throw new OrderCurrencyMismatchException(merchant.currency);

  const customerId = call.customer ? customerIdOf(call.customer.userId) : null;
  const id = orderIdOf(call.service, call.serviceTransactionNumber);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [stored, media] = await Promise.all([
      deps.orders.get(merchantId, id),
      call.type === WEB_ORDER_TYPE.recharge ? deps.medias.get(merchantId, call.mediaId!) : undefined,
    ]);
    if (call.type === WEB_ORDER_TYPE.recharge && !media) throw new MediaNotFoundException();
    const step = callbackStep(stored, call, { merchantId, customerId, now: deps.now() });
    if (step.kind === 'conflict') throw new WebPaymentOrderConflictException(step.what);
    // Seen before: its customer was registered then, unless that write failed after the order's.
    if (step.kind === 'unchanged') return { order: stored!, customerId: await register(deps, merchantId, call, true), credited: false };
    const recharge = credits(step.order) ? rechargeOf(step.order, media!, merchant) : undefined;
    if ((await deps.orders.write(step.order, stored?.result, recharge)) === 'written') {
      recordChange('webpaymentOrder', id, stored, step.order);
      if (recharge) recordChange('media', media!.mediaId, { cloudCredit: media!.cloudCredit }, { cloudCredit: recharge.media.next.cloudCredit });
      return { order: step.order, customerId: await register(deps, merchantId, call, false), credited: recharge !== undefined };
    }
  }
  throw new WebPaymentOrderConflictException('result (concurrent calls)');
}

function rechargeOf(order: WebPaymentOrder, media: MediaRecord, merchant: PaymentServiceMerchant): CloudRecharge {
  return {
    media: { before: media, next: rechargedMedia(media, order, order.updatedAt) },
    transaction: {
      id: order.id,
      merchantId: order.merchantId,
      value: order.amount,
      currency: order.currency,
      createdAt: order.updatedAt,
      source: { type: order.channel === 'app' ? SOURCE_TYPE.mobileApp : SOURCE_TYPE.webPortal, serial: order.serviceName.replace(/[^A-Za-z0-9_.:-]/g, '-') },
      externalUserId: order.customerUserId,
    },
    timeZone: merchant.timezone,
  };
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
    if (await deps.customers.save({ ...next, version: (current?.version ?? 0) + 1 }, current?.version)) {
      recordChange('customer', id, current, next);
      return id;
    }
  }
  throw new WebPaymentOrderConflictException('customer (concurrent calls)');
}

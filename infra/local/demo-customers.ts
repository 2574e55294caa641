/**
 * Customers and web payment orders for `npm start` (issue 20): the payment service's calls of the week before, played
 * through the callback's use case as the service would make them (so customers, orders, credited medias, cloud
 * recharge transactions and statistics are what the route writes), then Acme's keys associated with their customers.
 * Service transaction numbers are fixed: played again (an interrupted first start), every call answers the stored order.
 */
import { DynamoCustomerRepository } from '../../functions/adapters/dynamodb/customer-repository';
import { DynamoPaymentServiceMerchants } from '../../functions/adapters/dynamodb/merchant-features';
import { DynamoWebPaymentConfigRepository } from '../../functions/adapters/dynamodb/webpayment-service-repository';
import { DynamoWebPaymentOrderRepository } from '../../functions/adapters/dynamodb/webpayment-order-repository';
import { customerIdOf } from '../../functions/core/customers/model';
import { paymentServiceCallback, type PaymentServiceDeps } from '../../functions/core/webpayment-orders/payment-service';
import { MAX_CUSTOMER_MEDIAS, type CustomerRegistration } from '#schemas/customer';
import type { PaymentServiceCallback } from '#schemas/webpayment-order';
import { issueDemoApiToken } from './demo-api-tokens';
import { DEMO_NEW_KEY } from './demo-medias';
import { demoKeys } from './simulated-payments';
import type { LocalRepositories } from './repositories';

const HOUR = 3_600_000;
const card = (cardType: string, first6: string, last4: string, expiry: string) => ({ cardType, maskedNumber: `${first6}******${last4}`, expiry, saved: true });

/** Acme's demo keys (the week's sales made them media records) and the new key that replaced a lost one. */
const KEYS = demoKeys('acme-vending').map((k) => k.id);

/**
 * The demo customers: who they are at the service, their consents and card, and the keys they hold (not the refunded
 * keys the media demo shows, except one whose recharge failed: web recharges credit keys 1, 8 and the new key).
 */
export const DEMO_CUSTOMERS: ReadonlyArray<CustomerRegistration & { merchantId: string; medias: readonly string[] }> = [
  {
    merchantId: 'acme-vending',
    userId: 'app-giulia.conti',
    name: 'Giulia Conti',
    email: 'giulia.conti@example.com',
    consents: { analysis: true, commercial: true, quality: true },
    paymentInfo: card('VISA', '411111', '1111', '09/28'),
    medias: [KEYS[0]!, KEYS[1]!],
  },
  {
    merchantId: 'acme-vending',
    userId: 'app-marco.ferri',
    name: 'Marco Ferri',
    email: 'marco.ferri@example.com',
    consents: { analysis: true, commercial: false },
    paymentInfo: card('MASTERCARD', '555555', '4444', '03/27'),
    medias: [KEYS[8]!],
  },
  {
    merchantId: 'acme-vending',
    userId: 'app-sara.galli',
    name: 'Sara Galli',
    consents: { analysis: false, commercial: false, quality: false },
    medias: [KEYS[2]!],
  },
  {
    merchantId: 'acme-vending',
    userId: 'portal-luca.moretti',
    name: 'Luca Moretti',
    email: 'luca.moretti@example.com',
    consents: { commercial: true, quality: true },
    paymentInfo: { ...card('AMEX', '378282', '0005', '11/29'), saved: false },
    medias: [DEMO_NEW_KEY.id],
  },
  { merchantId: 'acme-vending', userId: 'app-elena.riva', name: 'Elena Riva', consents: { quality: true }, medias: [KEYS[3]!] },
  {
    merchantId: 'bravo-distribucion',
    userId: 'app-lucia.navarro',
    name: 'Lucía Navarro',
    email: 'lucia.navarro@example.com',
    consents: { analysis: true },
    paymentInfo: card('VISA', '400000', '0002', '06/28'),
    medias: [],
  },
];

/** An order of a demo customer: a recharge of one of its keys, or a payment; `result` 0 waiting, 1 success, 2 error. */
export function demoOrder(
  customer: (typeof DEMO_CUSTOMERS)[number],
  o: { number: string; type: 0 | 1; result: 0 | 1 | 2; amount: number; service?: number; media?: string; channel?: 'app' | 'web' },
): PaymentServiceCallback {
  const { merchantId: _merchant, medias: _medias, ...registration } = customer;
  const mediaId = o.type === 1 ? (o.media ?? customer.medias[0]) : undefined;
  return {
    service: o.service ?? (customer.paymentInfo ? 0 : 2),
    serviceTransactionNumber: o.number,
    type: o.type,
    result: o.result,
    amount: o.amount,
    currency: 'EUR',
    ...(mediaId ? { mediaId } : {}),
    channel: o.channel ?? (customer.userId.startsWith('portal-') ? 'web' : 'app'),
    requestDetails: JSON.stringify({ amount: o.amount, currency: 'EUR', orderRef: o.number }),
    ...(o.result === 0 ? {} : { responseDetails: JSON.stringify({ outcome: o.result === 1 ? 'AUTHORISED' : 'DECLINED', code: o.result === 1 ? '00' : '05' }) }),
    customer: registration,
  };
}

/**
 * The week's calls: [customer, order, hours before the end of the week]; some recharges wait, then succeed or fail.
 * Recharges credit keys the media demo leaves as it says (not the refunded keys, nor the one held for a machine).
 */
function weekOfOrders(): Array<[number, Parameters<typeof demoOrder>[1], number]> {
  return [
    [0, { number: 'DEMO-WP-0001', type: 1, result: 0, amount: 1000, media: KEYS[1] }, 150],
    [0, { number: 'DEMO-WP-0001', type: 1, result: 1, amount: 1000, media: KEYS[1] }, 149.9],
    [1, { number: 'DEMO-WP-0002', type: 1, result: 1, amount: 500 }, 120],
    [2, { number: 'DEMO-WP-0003', type: 1, result: 0, amount: 2000, service: 2 }, 100],
    [2, { number: 'DEMO-WP-0003', type: 1, result: 2, amount: 2000, service: 2 }, 99.8],
    [3, { number: 'DEMO-WP-0004', type: 0, result: 1, amount: 250, service: 1 }, 80],
    [0, { number: 'DEMO-WP-0005', type: 0, result: 1, amount: 180 }, 60],
    [4, { number: 'DEMO-WP-0006', type: 0, result: 2, amount: 120, service: 3 }, 40],
    [0, { number: 'DEMO-WP-0007', type: 1, result: 1, amount: 1500, media: KEYS[1] }, 20],
    [1, { number: 'DEMO-WP-0008', type: 1, result: 0, amount: 1000, service: 4 }, 2],
    [3, { number: 'DEMO-WP-0009', type: 1, result: 1, amount: 800, service: 1, channel: 'web' }, 6],
    [5, { number: 'DEMO-WP-0010', type: 0, result: 1, amount: 300 }, 30],
    [5, { number: 'DEMO-WP-0011', type: 0, result: 0, amount: 150 }, 1],
  ];
}

/** The callback's use case on the local repositories, at a given instant. */
export function paymentServiceDepsFor(deps: LocalRepositories, now: () => string): PaymentServiceDeps {
  const { doc, config } = deps;
  return {
    merchants: new DynamoPaymentServiceMerchants(doc, config.tableName),
    orders: new DynamoWebPaymentOrderRepository(doc, config.tableName),
    customers: new DynamoCustomerRepository(doc, config.tableName),
    medias: deps.medias,
    webPaymentConfigs: new DynamoWebPaymentConfigRepository(doc, config.tableName),
    now,
  };
}

export async function seedDemoCustomers(deps: LocalRepositories, anchor = Date.parse(deps.now())): Promise<void> {
  const tokens = new Map<string, string>();
  const tokenOf = async (merchantId: string) => {
    if (!tokens.has(merchantId)) tokens.set(merchantId, await issueDemoApiToken(deps, merchantId));
    return tokens.get(merchantId)!;
  };
  for (const [k, order, hoursBefore] of weekOfOrders()) {
    const customer = DEMO_CUSTOMERS[k]!;
    const at = new Date(anchor - hoursBefore * HOUR).toISOString();
    const call = demoOrder(customer, order);
    // A key the week never used is no media record: no recharge of it.
    if (call.mediaId && !(await deps.medias.get(customer.merchantId, call.mediaId))) continue;
    await paymentServiceCallback(
      paymentServiceDepsFor(deps, () => at),
      await tokenOf(customer.merchantId),
      customer.merchantId,
      call,
    );
  }
  const customers = new DynamoCustomerRepository(deps.doc, deps.config.tableName);
  for (const c of DEMO_CUSTOMERS) {
    for (const mediaId of c.medias) {
      const outcome = await customers.associate(c.merchantId, customerIdOf(c.userId), mediaId, MAX_CUSTOMER_MEDIAS);
      if (outcome !== 'associated' && outcome !== 'already' && outcome !== 'mediaNotFound')
        throw new Error(`demo customer ${c.userId}: media ${mediaId} ${outcome}`);
    }
  }
}

/**
 * The payment service for `npm start`: a few web payment orders an hour for Acme's demo customers, through the
 * callback route with the merchant's API token, as the service would call it: a recharge first waiting, then a
 * success (or now and then an error) a little later; a payment with its result at once.
 */
import { DEMO_CUSTOMERS, demoOrder } from './demo-customers';

export interface PaymentServiceOptions {
  api: string;
  merchantId: string;
  apiToken: string;
  /** Between two orders (default PAYMENT_ORDER_INTERVAL_MS, else 15 minutes). */
  intervalMs?: number;
  /** Between a recharge's `waiting` and its result (default 30 s). */
  settleMs?: number;
  onError?: (error: unknown) => void;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export function startPaymentService(o: PaymentServiceOptions): { stop(): void } {
  const customers = DEMO_CUSTOMERS.filter((c) => c.merchantId === o.merchantId);
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const call = (body: unknown) =>
    fetch(`${o.api}/payment-service/${o.merchantId}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-token': o.apiToken },
      body: JSON.stringify(body),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`payment service callback: ${res.status} ${await res.text()}`);
      })
      .catch((error: unknown) => o.onError?.(error));
  const order = () => {
    const customer = pick(customers);
    const number = `SIM-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
    const amount = pick([200, 500, 1000, 2000]);
    const outcome = Math.random() < 0.85 ? 1 : 2;
    // Recharges by the customers with a saved card, onto their keys.
    if (customer.paymentInfo && customer.medias.length && Math.random() < 0.6) {
      const recharge = { number, type: 1 as const, amount, media: pick(customer.medias) };
      void call(demoOrder(customer, { ...recharge, result: 0 }));
      later(o.settleMs ?? 30_000, () => void call(demoOrder(customer, { ...recharge, result: outcome })));
    } else void call(demoOrder(customer, { number, type: 0, result: outcome, amount: Math.round(amount / 4) }));
  };
  const interval = setInterval(order, o.intervalMs ?? Number(process.env.PAYMENT_ORDER_INTERVAL_MS ?? 15 * 60_000));
  return {
    stop() {
      clearInterval(interval);
      for (const t of timers) clearTimeout(t);
    },
  };
}

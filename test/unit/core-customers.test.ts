/**
 * The pure rules of customers and web payment orders: consents and their dates, registration, the 30-day figures of
 * a customer's medias, what a payment service's call does to an order, and card numbers never kept whole.
 */
import { describe, expect, it } from 'vitest';
import { consentsAfter, customerIdOf, customerView, noConsents, registered } from '../../functions/core/customers/model';
import { newMedia } from '../../functions/core/medias/model';
import { callbackStep, orderIdOf, rechargedMedia, type CallbackStep } from '../../functions/core/webpayment-orders/model';
import { MAX_EXPORT_CUSTOMERS, MaskedCardNumber } from '#schemas/customer';
import { customersCsv } from '../../functions/core/customers/use-cases';
import { maskCardNumbers, type PaymentServiceCallback } from '#schemas/webpayment-order';

const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T10:00:00.000Z';

describe('consents', () => {
  it('a consent’s date moves only when it changes or is answered the first time', () => {
    const first = consentsAfter(noConsents(), { analysis: true, commercial: false }, T1);
    expect(first).toEqual({
      analysis: { granted: true, changedAt: T1 },
      commercial: { granted: false, changedAt: T1 },
      quality: { granted: false, changedAt: null },
    });
    const second = consentsAfter(first, { analysis: true, commercial: true }, T2);
    expect(second).toEqual({
      analysis: { granted: true, changedAt: T1 },
      commercial: { granted: true, changedAt: T2 },
      quality: { granted: false, changedAt: null },
    });
  });

  it('a registration keeps what the service leaves out and the first registration date', () => {
    const a = registered(
      undefined,
      'm1',
      { userId: 'u-1', name: 'Ada', paymentInfo: { cardType: 'VISA', maskedNumber: '411111******1111', expiry: '01/30', saved: true } },
      'Nexi',
      T1,
    );
    expect(a).toMatchObject({ id: customerIdOf('u-1'), registeredAt: T1, name: 'Ada', email: null, paymentInfo: { service: 'Nexi', lastUsedAt: T1 } });
    const b = registered(a, 'm1', { userId: 'u-1', email: 'ada@example.test' }, 'PayPal', T2);
    expect(b).toMatchObject({ registeredAt: T1, name: 'Ada', email: 'ada@example.test', paymentInfo: { service: 'Nexi', lastUsedAt: T1 }, updatedAt: T2 });
    expect(customerIdOf('u-1')).toMatch(/^[a-f0-9]{24}$/);
  });
});

describe('a customer’s figures', () => {
  it('sum its own medias’ last 30 UTC days and credit, and its latest use', () => {
    const day = (n: number) => new Date(Date.parse('2026-11-28T00:00:00Z') - n * 86_400_000).toISOString().slice(0, 10);
    const bucket = (sales: number, salesValue: number) => ({ sales, salesValue, recharges: 0, rechargesValue: 0 });
    const m1 = newMedia(
      'm1',
      'AAAA0001',
      {
        serial: 'AAAA0001',
        mediaType: 2,
        keyCredit: 300,
        cloudCredit: 200,
        lastUsedAt: T1,
        days: { [day(0)]: bucket(2, 200), [day(29)]: bucket(1, 100), [day(30)]: bucket(9, 900) },
      },
      T1,
    );
    const m2 = newMedia(
      'm1',
      'AAAA0002',
      { serial: 'AAAA0002', mediaType: 2, keyCredit: 50, lastUsedAt: T2, days: { [day(3)]: { sales: 0, salesValue: 0, recharges: 1, rechargesValue: 1000 } } },
      T1,
    );
    const other = newMedia('m1', 'AAAA0003', { serial: 'AAAA0003', mediaType: 2, keyCredit: 999, days: { [day(0)]: bucket(5, 500) } }, T1);
    const customer = { ...registered(undefined, 'm1', { userId: 'u-2' }, 'Nexi', T1), mediaIds: ['AAAA0001', 'AAAA0002'] };
    const view = customerView(customer, new Map([m1, m2, other].map((m) => [m.mediaId, m])), day(0));
    expect(view).toMatchObject({ medias: 2, credit: 550, lastUsedAt: T2, last30Days: { sales: 3, salesValue: 300, recharges: 1, rechargesValue: 1000 } });
  });
});

describe('a payment service’s call', () => {
  const call = (o: Partial<PaymentServiceCallback> = {}): PaymentServiceCallback => ({
    service: 1,
    serviceTransactionNumber: 'TX-1',
    type: 1,
    result: 0,
    amount: 500,
    currency: 'EUR',
    mediaId: 'AAAA0001',
    channel: 'app',
    ...o,
  });
  const ctx = { merchantId: 'm1', customerId: null, now: T1 };
  const written = (step: CallbackStep) => {
    if (step.kind !== 'write') throw new Error(`expected a write, got ${step.kind}`);
    return step.order;
  };

  it('creates the order waiting, then takes one final result once; a final order never changes', () => {
    const waiting = callbackStep(undefined, call(), ctx);
    expect(waiting).toMatchObject({
      kind: 'write',
      order: { id: orderIdOf(1, 'TX-1'), serviceName: 'PayPal', result: 0, processed: false, transactionId: null },
    });
    const stored = written(waiting);
    const success = callbackStep(stored, call({ result: 1 }), { ...ctx, now: T2 });
    expect(success).toMatchObject({ kind: 'write', order: { result: 1, processed: true, processedAt: T2, createdAt: T1, transactionId: stored.id } });
    const done = written(success);
    expect(callbackStep(done, call({ result: 1 }), ctx)).toEqual({ kind: 'unchanged' });
    expect(callbackStep(done, call({ result: 0 }), ctx)).toEqual({ kind: 'unchanged' });
    expect(callbackStep(done, call({ result: 2 }), ctx)).toEqual({ kind: 'conflict', what: 'result' });
    expect(callbackStep(stored, call({ amount: 501 }), ctx)).toEqual({ kind: 'conflict', what: 'amount' });
    expect(callbackStep(stored, call({ mediaId: 'AAAA0002' }), ctx)).toEqual({ kind: 'conflict', what: 'mediaId' });
  });

  it('a payment that succeeds credits nothing; a recharge credits its media’s cloud credit, recorded as credit received', () => {
    expect(callbackStep(undefined, call({ type: 0, result: 1, mediaId: undefined }), ctx)).toMatchObject({
      kind: 'write',
      order: { processed: true, transactionId: null },
    });
    const media = newMedia('m1', 'AAAA0001', { serial: 'AAAA0001', mediaType: 2, keyCredit: 100, cloudCredit: 50 }, T1);
    const next = rechargedMedia(media, { id: 'o1', amount: 500, serviceName: 'PayPal' }, T2);
    expect(next).toMatchObject({ keyCredit: 100, cloudCredit: 550, updatedAt: T2 });
    expect(next.actions[0]).toEqual({ action: 'creditReceived', amount: 500, transactionId: 'o1', at: T2, userId: 'payment-service', email: 'PayPal' });
  });
});

describe('card numbers', () => {
  it('are stored at most as the first 6 and last 4 digits', () => {
    for (const ok of ['411111******1111', '****1111', '5555XXXXXXXX4444', '378282•••••0005']) expect(MaskedCardNumber.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['4111111111111111', '4111 1111 1111 1111', '4111111*11111111', '41111111******11', ''])
      expect(MaskedCardNumber.safeParse(bad).success, bad).toBe(false);
  });

  it('are masked in an order’s details when they pass the Luhn check; other long numbers stay', () => {
    expect(maskCardNumbers('{"pan":"4111 1111 1111 1111","ref":"4111111111111112","id":"12345678901234567890123"}')).toBe(
      '{"pan":"411111******1111","ref":"4111111111111112","id":"12345678901234567890123"}',
    );
  });
});

describe('GET /customers/csv', () => {
  it('exports at most MAX_EXPORT_CUSTOMERS rows: past it 400 ExportTooLargeException, reading one more than the cap', async () => {
    const principal = {
      userId: 'u',
      email: 'admin@example.test',
      role: 'NEBULARMERCHANTADMIN' as const,
      merchantIds: ['m1'],
      groupIds: [],
      allMerchants: false,
    };
    const record = (i: number) => ({ ...registered(undefined, 'm1', { userId: `u-${i}` }, 'Nexi', T1), mediaIds: [] });
    const asked: number[] = [];
    const deps = (count: number) => ({
      customers: {
        listAll: async (_m: string, _s: unknown, _o: unknown, max: number) => (
          asked.push(max),
          Array.from({ length: Math.min(count, max) }, (_, i) => record(i))
        ),
      } as never,
      medias: { getMany: async () => new Map() },
      transactions: {} as never,
      now: () => T2,
    });
    const csv = await customersCsv(deps(MAX_EXPORT_CUSTOMERS), principal, { merchantId: 'm1', ordType: 'desc' });
    expect(csv.trim().split('\r\n')).toHaveLength(MAX_EXPORT_CUSTOMERS + 1);
    await expect(customersCsv(deps(MAX_EXPORT_CUSTOMERS + 1), principal, { merchantId: 'm1', ordType: 'desc' })).rejects.toMatchObject({
      code: 'ExportTooLargeException',
      kind: 'validation',
    });
    expect(asked).toEqual([MAX_EXPORT_CUSTOMERS + 1, MAX_EXPORT_CUSTOMERS + 1]);
    // CUSTOMERS_MEDIA is the route's, refused by the feature gate before (test/unit/feature-gate.test.ts).
    await expect(customersCsv(deps(1), principal, { merchantId: 'm2', ordType: 'desc' })).rejects.toMatchObject({ code: 'MerchantNotFoundException' });
  });
});

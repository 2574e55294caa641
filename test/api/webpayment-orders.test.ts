/**
 * Web payment orders over HTTP (issue 20 item 6): the payment service's callback with the merchant's API token
 * (idempotent by service transaction number; a successful recharge credits its media once), the orders list with
 * its filters and the detail; roles, the WEBPAYMENTS feature, another merchant's ids, bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from './support/api-token';
import { callback, newMediaId, newPaymentsMerchant, newServiceNumber, newUserId, putMedia, rechargeOrder } from './support/customers';
import { api } from './support/http';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchant = { merchantId: '', apiToken: '' };

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchant = await newPaymentsMerchant(superAdmin);
});

const orders = (query: Record<string, string>, token = superAdmin) =>
  api(`/webpayment-orders?${new URLSearchParams({ merchantId: merchant.merchantId, ...query })}`, { token });
const order = (id: string, merchantId = merchant.merchantId, token = superAdmin) => api(`/webpayment-orders/${id}?merchantId=${merchantId}`, { token });
const paymentOrder = (extra: Record<string, unknown> = {}) => ({
  service: 2,
  serviceTransactionNumber: newServiceNumber(),
  type: 0,
  result: 0,
  amount: 250,
  currency: 'EUR',
  ...extra,
});

describe('the payment service’s callback', () => {
  it('needs the merchant’s API token: none, a wrong one, another merchant’s or an unknown merchant → 401; WEBPAYMENTS off → 403', async () => {
    const acmeToken = await issueApiToken('acme-vending');
    for (const [merchantId, token] of [
      [merchant.merchantId, undefined],
      [merchant.merchantId, 'not-the-token'],
      [merchant.merchantId, acmeToken],
      ['no-such-merchant', merchant.apiToken],
    ] as const) {
      const res = await callback(merchantId, token, paymentOrder());
      expect(res.status, `${merchantId} ${token}`).toBe(401);
      expect(res.body.code).toBe('UnauthorizedException');
    }
    // A console sign-in is not the token either.
    expect((await api(`/payment-service/${merchant.merchantId}/orders`, { method: 'POST', token: superAdmin, body: paymentOrder() })).status).toBe(401);
    const off = await newPaymentsMerchant(superAdmin, ['CUSTOMERS_MEDIA']);
    const refused = await callback(off.merchantId, off.apiToken, paymentOrder());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('WebPaymentsNotEnabledException');
    expect((await api(`/webpayment-orders?merchantId=${off.merchantId}`, { token: superAdmin })).body.code).toBe('WebPaymentsNotEnabledException');
  });

  it('records an order waiting, then its final result once: processed, details with card numbers masked', async () => {
    const body = paymentOrder({ requestDetails: '{"amount":250,"pan":"4111 1111 1111 1111"}' });
    const waiting = await callback(merchant.merchantId, merchant.apiToken, body);
    expect(waiting.status, waiting.text).toBe(200);
    expect(waiting.body.order).toMatchObject({
      serviceName: 'Satispay',
      serviceType: 2,
      type: 0,
      result: 0,
      processed: false,
      processedAt: null,
      amount: 250,
      currency: 'EUR',
      customerId: null,
    });
    expect(waiting.body.order.requestDetails).toBe('{"amount":250,"pan":"411111******1111"}');
    const done = await callback(merchant.merchantId, merchant.apiToken, {
      ...body,
      result: 1,
      requestDetails: undefined,
      responseDetails: '{"status":"ACCEPTED"}',
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.order).toMatchObject({
      id: waiting.body.order.id,
      result: 1,
      processed: true,
      responseDetails: '{"status":"ACCEPTED"}',
      requestDetails: '{"amount":250,"pan":"411111******1111"}',
    });
    expect(done.body.order.processedAt).toEqual(expect.any(String));
    expect(done.body.credited).toBe(false);
    const detail = await order(waiting.body.order.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(done.body.order);
    // The same final call again changes nothing; a late `waiting` neither; another result or amount → 409.
    expect((await callback(merchant.merchantId, merchant.apiToken, { ...body, result: 1 })).body.order).toEqual(done.body.order);
    expect((await callback(merchant.merchantId, merchant.apiToken, body)).body.order).toEqual(done.body.order);
    for (const change of [{ result: 2 }, { result: 1, amount: 300 }, { result: 1, channel: 'app', type: 0, currency: 'EUR', amount: 251 }]) {
      const res = await callback(merchant.merchantId, merchant.apiToken, { ...body, ...change });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.code).toBe('WebPaymentOrderConflictException');
    }
    expect((await order(waiting.body.order.id)).body).toEqual(done.body.order);
  });

  it('a successful recharge credits its media’s cloud credit once, however often and concurrently it is called', async () => {
    const mediaId = newMediaId();
    await putMedia(merchant.merchantId, mediaId, { keyCredit: 100 });
    const userId = newUserId();
    const body = rechargeOrder(mediaId, 700, { customer: { userId } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => callback(merchant.merchantId, merchant.apiToken, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.credited).length).toBe(1);
    const again = await callback(merchant.merchantId, merchant.apiToken, body);
    expect(again.body.credited).toBe(false);
    expect(again.body.order).toMatchObject({ type: 1, result: 1, processed: true, mediaId, customerUserId: userId, transactionId: again.body.order.id });
    // The media shows the credit once (through its customer: associate it, then read the customer's medias).
    const customerId = again.body.customerId as string;
    expect(
      (await api(`/customers/${customerId}/medias?merchantId=${merchant.merchantId}`, { method: 'POST', token: superAdmin, body: { mediaId } })).status,
    ).toBe(200);
    const medias = await api(`/customers/${customerId}/medias?merchantId=${merchant.merchantId}`, { token: superAdmin });
    expect(medias.body).toEqual([expect.objectContaining({ mediaId, cloudCredit: 700, credit: 800 })]);
    const listed = await orders({ type: '1' });
    expect(listed.body.items.filter((o: { serviceTransactionNumber: string }) => o.serviceTransactionNumber === body.serviceTransactionNumber)).toHaveLength(1);
  });

  it('a recharge waiting, then successful, credits on the success; one that fails credits nothing', async () => {
    const mediaId = newMediaId();
    await putMedia(merchant.merchantId, mediaId, { keyCredit: 0 });
    const userId = newUserId();
    const body = rechargeOrder(mediaId, 300, { result: 0, customer: { userId } });
    expect((await callback(merchant.merchantId, merchant.apiToken, body)).body.credited).toBe(false);
    const success = await callback(merchant.merchantId, merchant.apiToken, { ...body, result: 1 });
    expect(success.body.credited).toBe(true);
    const failed = rechargeOrder(mediaId, 900, { result: 2, customer: { userId } });
    expect((await callback(merchant.merchantId, merchant.apiToken, failed)).body).toMatchObject({
      credited: false,
      order: { result: 2, processed: true, transactionId: null },
    });
    const customerId = success.body.customerId as string;
    await api(`/customers/${customerId}/medias?merchantId=${merchant.merchantId}`, { method: 'POST', token: superAdmin, body: { mediaId } });
    expect((await api(`/customers/${customerId}/medias?merchantId=${merchant.merchantId}`, { token: superAdmin })).body[0]).toMatchObject({
      cloudCredit: 300,
      credit: 300,
    });
  });

  it('refuses bad input with 400 naming the field, an unknown media with 404, and keeps nothing of it', async () => {
    const mediaId = newMediaId();
    await putMedia(merchant.merchantId, mediaId);
    const cases: Array<[unknown, string]> = [
      [{ ...rechargeOrder(mediaId, 100), currency: 'USD' }, 'body.currency'],
      [{ ...rechargeOrder(mediaId, 100), mediaId: undefined }, 'body.mediaId'],
      [{ ...rechargeOrder(mediaId, 100), amount: 0 }, 'body.amount'],
      [{ ...rechargeOrder(mediaId, 100), amount: 1.5 }, 'body.amount'],
      [{ ...rechargeOrder(mediaId, 100), amount: -5 }, 'body.amount'],
      [{ ...rechargeOrder(mediaId, 100), result: 7 }, 'body.result'],
      [{ ...rechargeOrder(mediaId, 100), service: 9 }, 'body.service'],
      [{ ...rechargeOrder(mediaId, 100), serviceTransactionNumber: 'has spaces in it' }, 'body.serviceTransactionNumber'],
      [{ ...rechargeOrder(mediaId, 100), extra: true }, 'body'],
      [
        {
          ...rechargeOrder(mediaId, 100),
          customer: { userId: newUserId(), paymentInfo: { cardType: 'VISA', maskedNumber: '4111111111111111', expiry: '12/29', saved: true } },
        },
        'body.customer.paymentInfo.maskedNumber',
      ],
      [
        {
          ...rechargeOrder(mediaId, 100),
          customer: { userId: newUserId(), paymentInfo: { cardType: 'VISA', maskedNumber: '411111******1111', expiry: '13/29', saved: true } },
        },
        'body.customer.paymentInfo.expiry',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await callback(merchant.merchantId, merchant.apiToken, body);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(JSON.stringify(res.body.details ?? []), path).toContain(path);
    }
    const malformed = await api(`/payment-service/${merchant.merchantId}/orders`, {
      method: 'POST',
      raw: '{"service":',
      headers: { 'content-type': 'application/json', 'x-api-token': merchant.apiToken },
    });
    expect(malformed.status).toBe(400);
    const unknown = await callback(merchant.merchantId, merchant.apiToken, rechargeOrder(newMediaId(), 100));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MediaNotFoundException');
    // Nothing of the refused calls was kept: every order of this test's merchant is one the tests above made.
    const all = await orders({ size: '100' });
    expect(all.body.items.every((o: { amount: number }) => o.amount !== 100)).toBe(true);
  });
});

describe('GET /webpayment-orders', () => {
  it('lists newest first with date range, type, result and service filters, and pages with cursors', async () => {
    const fresh = await newPaymentsMerchant(superAdmin);
    const made: string[] = [];
    for (const [service, type, result] of [
      [0, 0, 1],
      [1, 0, 2],
      [2, 0, 0],
      [0, 0, 1],
      [3, 0, 1],
    ] as const) {
      const res = await callback(fresh.merchantId, fresh.apiToken, paymentOrder({ service, type, result }));
      expect(res.status, res.text).toBe(200);
      made.push(res.body.order.id);
    }
    const list = (query: Record<string, string>) =>
      api(`/webpayment-orders?${new URLSearchParams({ merchantId: fresh.merchantId, ...query })}`, { token: superAdmin });
    const all = await list({});
    expect(all.body.total).toBe(5);
    expect(all.body.items.map((o: { id: string }) => o.id)).toEqual([...made].reverse());
    expect((await list({ ordType: 'asc' })).body.items.map((o: { id: string }) => o.id)).toEqual(made);
    expect((await list({ service: '0' })).body.items.map((o: { id: string }) => o.id)).toEqual([made[3], made[0]]);
    expect((await list({ result: '2' })).body).toMatchObject({ total: 1, items: [{ id: made[1] }] });
    expect((await list({ type: '1' })).body.total).toBe(0);
    const first = await list({ size: '2' });
    const second = await list({ size: '2', page: '2', cursor: first.body.cursor });
    expect(second.body.items.map((o: { id: string }) => o.id)).toEqual([made[2], made[1]]);
    const createdAt = (await order(made[2]!, fresh.merchantId)).body.createdAt as string;
    expect((await list({ from: createdAt })).body.items.map((o: { id: string }) => o.id)).toEqual([made[4], made[3], made[2]]);
    expect((await list({ to: createdAt })).body.items.map((o: { id: string }) => o.id)).toEqual([made[1], made[0]]);
    for (const query of <Array<Record<string, string>>>[
      { type: '5' },
      { result: 'x' },
      { from: 'yesterday' },
      { from: createdAt, to: '2000-01-01T00:00:00Z' },
      { size: '1000' },
      { unknown: '1' },
    ]) {
      expect((await list(query)).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('every role of the merchant reads its orders; another merchant’s → 404; an unknown order → 404', async () => {
    const made = await callback('acme-vending', await issueApiToken('acme-vending'), paymentOrder());
    expect(made.status, made.text).toBe(200);
    for (const role of ['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      const token = await tokenFor(role);
      expect((await api('/webpayment-orders?merchantId=acme-vending', { token })).status, role).toBe(200);
      expect((await order(made.body.order.id, 'acme-vending', token)).body.id, role).toBe(made.body.order.id);
      expect((await api('/webpayment-orders?merchantId=bravo-distribucion', { token })).status, role).toBe(404);
      expect((await order(made.body.order.id, 'bravo-distribucion', token)).status, role).toBe(404);
    }
    expect((await order('0123456789abcdef01234567', 'acme-vending')).body.code).toBe('WebPaymentOrderNotFoundException');
    expect((await order('not-an-id', 'acme-vending')).status).toBe(400);
  });
});

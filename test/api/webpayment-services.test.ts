/**
 * Web payment services and merchants' configurations of them over HTTP: the super admin's catalogue (create, list,
 * read, edit), configurations with charges and Assiopay min ≤ max, bad input, roles, and the payment service's
 * callback refused for a service type the merchant has not configured.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callback, newPaymentsMerchant, newServiceNumber } from './support/customers';
import { api } from './support/http';
import { tokenFor } from './support/stack';

let superAdmin = '';
const serviceBody = (extra: Record<string, unknown> = {}) => ({
  name: `Service ${randomUUID().slice(0, 8)}`,
  description: 'Cards on the web portal',
  url: 'https://pay.example.com/checkout',
  type: 3,
  ...extra,
});
const createService = (body: unknown, token = superAdmin) => api('/webpayment-services', { method: 'POST', token, body });
const saveConfig = (merchantId: string, serviceId: string, body: unknown, token = superAdmin) =>
  api(`/webpaymentconfigs/${serviceId}?merchantId=${merchantId}`, { method: 'PUT', token, body });

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});

describe('web payment services', () => {
  it('the super admin creates, lists, reads and edits a service; its type stays', async () => {
    const body = serviceBody();
    const created = await createService(body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject(body);
    const path = `/webpayment-services/${created.body.id}`;
    expect((await api(path, { token: superAdmin })).body).toEqual(created.body);
    const updated = await api(path, { method: 'PUT', token: superAdmin, body: { name: `${body.name} 2`, url: 'http://pay.example.com/v2' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: `${body.name} 2`,
      description: '',
      url: 'http://pay.example.com/v2',
      type: 3,
      createdAt: created.body.createdAt,
    });
    expect((await api(path, { method: 'PUT', token: superAdmin, body: { ...body, type: 1 } })).status).toBe(400);

    const list = await api('/webpayment-services?size=100', { token: superAdmin });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items).toContainEqual(updated.body);
    expect(list.body.items.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Nexi XPay', 'PayPal', 'Satispay', 'Assiopay', 'Vendon Gateway']),
    );
    expect(list.body.total).toBeGreaterThanOrEqual(6);
  });

  it('refuses bad input naming the field, unknown ids with 404 and every other role with 403', async () => {
    for (const [body, path] of [
      [serviceBody({ name: ' ' }), 'body.name'],
      [serviceBody({ name: 'n'.repeat(101) }), 'body.name'],
      [serviceBody({ url: 'not a url' }), 'body.url'],
      [serviceBody({ url: 'ftp://pay.example.com/' }), 'body.url'],
      [serviceBody({ type: 5 }), 'body.type'],
      [serviceBody({ type: undefined }), 'body.type'],
      [serviceBody({ description: 'd'.repeat(501) }), 'body.description'],
    ] as const) {
      const res = await createService(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const missing = await api('/webpayment-services/no-such-service', { token: superAdmin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('WebPaymentServiceNotFoundException');
    for (const role of ['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      const token = await tokenFor(role);
      expect((await api('/webpayment-services', { token })).status).toBe(403);
      expect((await createService(serviceBody(), token)).status).toBe(403);
      expect((await api('/webpaymentconfigs?merchantId=acme-vending', { token })).status).toBe(403);
      expect((await saveConfig('acme-vending', 'demo-nexi', { charges: 0 }, token)).status).toBe(403);
    }
  });
});

describe('a merchant’s web payment configurations', () => {
  it('charges and Assiopay min ≤ max (else 400 naming assiopayMax); saved, replaced, listed and removed', async () => {
    const { merchantId } = await newPaymentsMerchant(superAdmin, ['CUSTOMERS_MEDIA']);
    const service = (await createService(serviceBody())).body;
    const saved = await saveConfig(merchantId, service.id, { charges: 25, assiopayMin: 500, assiopayMax: 500 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ merchantId, serviceId: service.id, serviceType: 3, charges: 25, assiopayMin: 500, assiopayMax: 500 });

    const inverted = await saveConfig(merchantId, service.id, { charges: 25, assiopayMin: 600, assiopayMax: 500 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.details).toContainEqual({ path: 'body.assiopayMax', message: 'assiopayMax must be at least assiopayMin' });
    for (const [body, path] of [
      [{}, 'body.charges'],
      [{ charges: -1 }, 'body.charges'],
      [{ charges: 1.5 }, 'body.charges'],
      [{ charges: 0, assiopayMin: -5 }, 'body.assiopayMin'],
      [{ charges: 0, assiopayMax: 'ten' }, 'body.assiopayMax'],
    ] as const) {
      const res = await saveConfig(merchantId, service.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Nothing half saved: the refused calls left the first configuration as it was.
    const replaced = await saveConfig(merchantId, 'demo-paypal', { charges: 10 });
    expect(replaced.body).toMatchObject({ serviceType: 1, charges: 10, assiopayMin: null, assiopayMax: null });
    const list = await api(`/webpaymentconfigs?merchantId=${merchantId}`, { token: superAdmin });
    expect(list.status, list.text).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items).toContainEqual(saved.body);

    expect((await api(`/webpaymentconfigs/demo-paypal?merchantId=${merchantId}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    const again = await api(`/webpaymentconfigs/demo-paypal?merchantId=${merchantId}`, { method: 'DELETE', token: superAdmin });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('WebPaymentConfigNotFoundException');
    expect((await saveConfig('no-such-merchant', service.id, { charges: 0 })).body.code).toBe('MerchantNotFoundException');
    expect((await saveConfig(merchantId, 'no-such-service', { charges: 0 })).body.code).toBe('WebPaymentServiceNotFoundException');
    expect((await api('/webpaymentconfigs?merchantId=no-such-merchant', { token: superAdmin })).status).toBe(404);
  });

  it('the payment service’s callback needs a service of its type configured for the merchant (403 WebPaymentServiceNotConfiguredException)', async () => {
    const { merchantId, apiToken } = await newPaymentsMerchant(superAdmin);
    const order = (service: number) => ({ service, serviceTransactionNumber: newServiceNumber(), type: 0, result: 1, amount: 250, currency: 'EUR' });
    expect((await callback(merchantId, apiToken, order(1))).status).toBe(200);
    expect((await api(`/webpaymentconfigs/demo-paypal?merchantId=${merchantId}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    const refused = await callback(merchantId, apiToken, order(1));
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: 'WebPaymentServiceNotConfiguredException', details: [{ path: 'body.service' }] });
    // The order was not recorded.
    expect((await api(`/webpayment-orders?merchantId=${merchantId}`, { token: superAdmin })).body.total).toBe(1);
    expect((await callback(merchantId, apiToken, order(2))).status).toBe(200);
    expect((await saveConfig(merchantId, 'demo-paypal', { charges: 5 })).status).toBe(200);
    expect((await callback(merchantId, apiToken, order(1))).status).toBe(200);
  });
});

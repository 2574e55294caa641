/**
 * Customers and web payment orders in API tests: a merchant of their own with CUSTOMERS_MEDIA and WEBPAYMENTS (so
 * lists and totals see only the test's data), its API token, the payment service's callback, and media records.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newMedia, type MediaRecord } from '../../../functions/core/medias/model';
import { issueApiToken } from './api-token';
import { api } from './http';
import { merchantBody, settingsBody } from './samples';
import { stackDeps } from './stack';
import { configureWebPayments } from './webpayments';

export async function newPaymentsMerchant(superAdmin: string, features = ['CUSTOMERS_MEDIA', 'WEBPAYMENTS']) {
  const created = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody({ features }) });
  expect(created.status, created.text).toBe(201);
  const merchantId = created.body.id as string;
  const pin = String(40_000_000 + Math.floor(Math.random() * 59_999_999));
  const saved = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin: pin } });
  expect(saved.status, saved.text).toBe(200);
  if (features.includes('WEBPAYMENTS')) await configureWebPayments(superAdmin, merchantId);
  return { merchantId, apiToken: await issueApiToken(merchantId) };
}

/** POST /payment-service/{merchantId}/orders with the token given (none: no header). */
export const callback = (merchantId: string, apiToken: string | undefined, body: unknown) =>
  api(`/payment-service/${merchantId}/orders`, { method: 'POST', body, headers: apiToken === undefined ? {} : { 'x-api-token': apiToken } });

export const newUserId = () => `app-user-${randomUUID().slice(0, 8)}`;
export const newMediaId = () => randomBytes(8).toString('hex').toUpperCase();
export const newServiceNumber = () => `TX-${randomUUID()}`;

/** A successful recharge (type 1) of `mediaId` through PayPal. */
export const rechargeOrder = (mediaId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  service: 1,
  serviceTransactionNumber: newServiceNumber(),
  type: 1,
  result: 1,
  amount,
  currency: 'EUR',
  mediaId,
  ...extra,
});

/** A UTC day `daysAgo` days before today. */
export const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A media record of the merchant, through media-api's repository (these tests need medias with known figures without playing machines). */
export async function putMedia(merchantId: string, mediaId: string, fields: Partial<MediaRecord> = {}) {
  const { medias, now } = stackDeps();
  const record = newMedia(merchantId, mediaId, { serial: mediaId.slice(0, 12), mediaType: 2, keyCredit: 500, lastUsedAt: now(), ...fields }, now());
  expect(await medias.save(record, undefined)).toBe(true);
}

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantSettings as merchantSettingsKey } from '../../functions/adapters/dynamodb/keys';
import { hashApiToken } from '../../functions/core/shared/api-token';
import { callback, newMediaId, rechargeOrder } from './support/customers';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { stackDeps, tokenFor } from './support/stack';

const settings = {
  deviceAssociationPin: '12345678',
  maximumRefund: 5000,
  peripheralEventsFrequencyMinutes: 60,
  scheduledAuditFrequencyHours: 24,
  minimumSignalLevel: 45,
  auditControlHours: 48,
  unlockCloudCreditHours: 24,
  pricesSync: 'AFTER_AUDIT',
};
const superSettings = {
  demo: true,
  demoExpiration: '2027-02-20',
  sapCode: 'SAP-0042',
  webPortal: true,
  webSocketUrl: 'wss://ws.example.com/merchant',
  creditCardPmtUrl: 'https://pay.example.com',
  erpApi: true,
  cogesKeyPortal: false,
  screenConfigurationWhitelistExpiryDays: 30,
  mobileApp: true,
  externalOcfService: 'NONE',
  creditBackup: true,
};

let admin = '';
let merchantId = '';
beforeAll(async () => {
  admin = await tokenFor('NEBULARSUPERADMIN');
  merchantId = (await api('/merchants', { method: 'POST', token: admin, body: merchantBody() })).body.id;
});

describe('merchant settings', () => {
  it('start from the spec defaults and save', async () => {
    const initial = await api(`/merchants/${merchantId}/settings`, { token: admin });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      peripheralEventsFrequencyMinutes: 60,
      minimumSignalLevel: 45,
      unlockCloudCreditHours: 24,
      pricesSync: 'IMMEDIATE',
      apiTokenIssued: false,
    });
    const saved = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: admin, body: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...settings, merchantId, apiTokenIssued: false });
    expect((await api(`/merchants/${merchantId}/settings`, { token: admin })).body).toEqual(saved.body);
  });

  it('shows an API token once, when issued; stores and reads only its hash; the previous one stops working', async () => {
    const first = await api(`/merchants/${merchantId}/settings/api-token`, { method: 'POST', token: admin });
    expect(first.status).toBe(200);
    expect(first.body.apiToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.body).toMatchObject({ ...settings, apiTokenIssued: true });
    const read = await api(`/merchants/${merchantId}/settings`, { token: admin });
    expect(read.body.apiTokenIssued).toBe(true);
    expect(read.text).not.toContain(first.body.apiToken);
    const stored = await stackDeps().merchantSettings.getSettings(merchantId);
    expect(stored!.apiTokenHash).toBe(hashApiToken(first.body.apiToken));
    expect(JSON.stringify(stored)).not.toContain(first.body.apiToken);

    const second = await api(`/merchants/${merchantId}/settings/api-token`, { method: 'POST', token: admin });
    expect(second.body.apiToken).not.toBe(first.body.apiToken);
    // The merchant has not got WEBPAYMENTS: its own token passes the 401 and meets the feature's 403.
    expect((await callback(merchantId, first.body.apiToken, rechargeOrder(newMediaId(), 100))).status).toBe(401);
    expect((await callback(merchantId, second.body.apiToken, rechargeOrder(newMediaId(), 100))).body.code).toBe('WebPaymentsNotEnabledException');
  });

  it('migrates a token stored in plain text before hashing on its first read: the same token still works, the plain text is gone', async () => {
    const plain = 'legacy-token-0123456789abcdefghij';
    const deps = stackDeps();
    const { Item } = await deps.doc.send(new GetCommand({ TableName: deps.config.tableName, Key: merchantSettingsKey(merchantId) }));
    const { apiTokenHash: _, ...legacy } = Item!;
    await deps.doc.send(new PutCommand({ TableName: deps.config.tableName, Item: { ...legacy, apiToken: plain } }));
    const call = async () => (await callback(merchantId, plain, rechargeOrder(newMediaId(), 100))).body.code;
    expect(await call()).toBe('WebPaymentsNotEnabledException');
    expect((await api(`/merchants/${merchantId}/settings`, { token: admin })).body.apiTokenIssued).toBe(true);
    const after = await deps.doc.send(new GetCommand({ TableName: deps.config.tableName, Key: merchantSettingsKey(merchantId) }));
    expect(after.Item!.apiToken).toBeUndefined();
    expect(after.Item!.apiTokenHash).toBe(hashApiToken(plain));
    expect(await call()).toBe('WebPaymentsNotEnabledException');
  });

  it('refuses a PIN that is not exactly 8 digits, with the message', async () => {
    for (const pin of ['1234567', '123456789', '1234567a', '']) {
      const res = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: admin, body: { ...settings, deviceAssociationPin: pin } });
      expect(res.status, pin).toBe(400);
      expect(res.body.details).toContainEqual({ path: 'body.deviceAssociationPin', message: 'PIN must have 8 digits' });
    }
  });

  it('refuses out-of-range values and the server-owned api token', async () => {
    for (const bad of [
      { minimumSignalLevel: 101 },
      { maximumRefund: -1 },
      { peripheralEventsFrequencyMinutes: 0 },
      { pricesSync: 'LATER' },
      { apiToken: 'mine' },
    ]) {
      const res = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: admin, body: { ...settings, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a merchant admin manages its own merchant’s settings only', async () => {
    const token = await tokenFor('NEBULARMERCHANTADMIN');
    expect((await api('/merchants/acme-vending/settings', { token })).status).toBe(200);
    expect((await api(`/merchants/${merchantId}/settings`, { token })).status).toBe(404);
    expect((await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token, body: settings })).status).toBe(404);
    expect((await api('/merchants/acme-vending/settings', { token: await tokenFor('NEBULARMERCHANTUSER') })).status).toBe(403);
  });

  it('unknown merchant → 404', async () => {
    const res = await api('/merchants/nope-nope/settings', { method: 'PUT', token: admin, body: settings });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('MerchantNotFoundException');
  });
});

describe('super-admin settings', () => {
  it('save and read back; a demo needs an expiry date', async () => {
    const saved = await api(`/merchants/${merchantId}/super-admin-settings`, { method: 'PUT', token: admin, body: superSettings });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(superSettings);
    const noExpiry = await api(`/merchants/${merchantId}/super-admin-settings`, {
      method: 'PUT',
      token: admin,
      body: { ...superSettings, demoExpiration: null },
    });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.details).toContainEqual({ path: 'body.demoExpiration', message: 'Demo licence needs an expiry date' });
    const badUrl = await api(`/merchants/${merchantId}/super-admin-settings`, {
      method: 'PUT',
      token: admin,
      body: { ...superSettings, webSocketUrl: 'not a url' },
    });
    expect(badUrl.status).toBe(400);
  });

  it('are the super admin’s only', async () => {
    const res = await api('/merchants/acme-vending/super-admin-settings', { token: await tokenFor('NEBULARMERCHANTADMIN') });
    expect(res.status).toBe(403);
  });
});

/**
 * The manifest's feature gate (functions/http/feature-gate.ts, core/merchants/feature-gate.ts) as the routes declare
 * it: which feature a request needs (a route's, or its body's command type's), where its merchant is, and what the
 * gate answers for a merchant with and without it, signed in or with the merchant's API token.
 */
import { describe, expect, it, vi } from 'vitest';
import { groups } from '../../functions/api/manifest';
import { requireRouteFeature, requireTokenFeature } from '../../functions/core/merchants/feature-gate';
import { hashApiToken } from '../../functions/core/shared/api-token';
import type { Principal } from '../../functions/core/shared/principal';
import { featureMerchantSource, featureOf } from '../../functions/http/feature-gate';
import { METRIC, OperatorMetrics } from '../../functions/runtime/metrics';
import { featureCheck } from '../../functions/triggers/trigger';

const route = (id: string) => groups.flatMap((g) => g.routes).find((r) => r.id === id)!;

const admin: Principal = { userId: 'u', email: 'a@example.test', role: 'NEBULARMERCHANTADMIN', merchantIds: ['m1'], groupIds: [], allMerchants: false };
const superAdmin: Principal = { ...admin, role: 'NEBULARSUPERADMIN', merchantIds: [], allMerchants: true };

const FEATURES: Record<string, readonly string[]> = { m1: ['NEBULAR_VENDING'], m2: ['CUSTOMERS_MEDIA', 'REMOTE_CONFIGURATIONS'] };
const TOKENS: Record<string, string> = { m1: 'token-of-m1', m2: 'token-of-m2' };
const deps = {
  // The store keeps each token's hash only.
  merchants: { features: async (id: string) => FEATURES[id], apiTokenHash: async (id: string) => TOKENS[id] && hashApiToken(TOKENS[id]) },
  pos: { registration: async (serial: string) => (serial === 'S1' ? { merchantId: 'm1', groupId: null } : undefined) as never },
};

describe('the feature a request needs', () => {
  it('is the route’s, or the one its remote command type needs: the configuration-sending types only', () => {
    const send = route('remoteCommands.send');
    expect(send.feature).toBeUndefined();
    expect(featureOf(send, { serial: 'S1', type: 13, params: { values: { a: '1' } } })).toBe('REMOTE_CONFIGURATIONS');
    expect(featureOf(send, { serial: 'S1', type: 7, params: { configurationId: 'c' } })).toBe('REMOTE_CONFIGURATIONS');
    for (const type of [1, 4, 10, 12, 14, 15]) expect(featureOf(send, { serial: 'S1', type, params: {} }), `type ${type}`).toBeUndefined();
    expect(featureOf(route('customers.csv'), {})).toBe('CUSTOMERS_MEDIA');
    expect(featureOf(route('prices.erpSave'), {})).toBe('NEBULAR_VENDING');
    expect(featureOf(route('paymentService.order'), {})).toBe('WEBPAYMENTS');
  });

  it('of a public route is checked only for a caller with the merchant’s API token: every flagged public route says it takes one', () => {
    const publicFlagged = groups.flatMap((g) => g.routes).filter((r) => r.roles === 'public' && (r.feature || r.featureByBody));
    expect(publicFlagged.map((r) => [r.id, r.tokenCaller])).toEqual([
      ['prices.erpSave', 'apiToken'],
      ['paymentService.order', 'paymentService'],
    ]);
  });

  it('is checked for the merchant of the machine the path or the body names, or of the payment service’s path', () => {
    expect(featureMerchantSource(route('remoteCommands.send'))).toBe('machine');
    expect(featureMerchantSource(route('prices.erpSave'))).toBe('machine');
    expect(featureMerchantSource(route('paymentService.order'))).toBe('path');
    expect(featureMerchantSource(route('customers.list'))).toBe('query');
  });
});

describe('a signed-in caller', () => {
  it('is refused with the feature’s code inside a merchant without it, the super admin included', async () => {
    const feature = route('customers.csv').feature!;
    for (const principal of [admin, superAdmin])
      await expect(requireRouteFeature(deps, principal, { merchantId: 'm1' }, feature)).rejects.toMatchObject({
        code: 'CustomersMediaNotEnabledException',
        kind: 'forbidden',
        details: [{ path: 'feature', message: 'CUSTOMERS_MEDIA' }],
      });
    await expect(requireRouteFeature(deps, superAdmin, { merchantId: 'm2' }, feature)).resolves.toBeUndefined();
    await expect(requireRouteFeature(deps, admin, { serial: 'S1' }, 'REMOTE_CONFIGURATIONS')).rejects.toMatchObject({ code: 'SendVpConfigNotAllowed' });
  });

  it('passes a merchant it cannot see on to the route’s 404; a merchant id it may see that names none is 404', async () => {
    await expect(requireRouteFeature(deps, admin, { merchantId: 'm2' }, 'NETWORK')).resolves.toBeUndefined();
    await expect(requireRouteFeature(deps, superAdmin, { merchantId: 'no-such' }, 'NETWORK')).rejects.toMatchObject({ code: 'MerchantNotFoundException' });
    await expect(requireRouteFeature(deps, superAdmin, { serial: 'NO-SUCH' }, 'NETWORK')).resolves.toBeUndefined();
  });
});

describe('a caller with the merchant’s API token', () => {
  it('is refused with the feature’s code when the token’s merchant has not got it, and named to the audit trail', async () => {
    const accepted = vi.fn();
    await expect(requireTokenFeature(deps, 'token-of-m2', { merchantId: 'm2' }, 'WEBPAYMENTS', accepted)).rejects.toMatchObject({
      code: 'WebPaymentsNotEnabledException',
    });
    expect(accepted).toHaveBeenCalledWith('m2');
    await expect(requireTokenFeature(deps, 'token-of-m1', { serial: 'S1' }, 'NEBULAR_VENDING', accepted)).resolves.toBeUndefined();
  });

  it('without the right token, or for an unknown machine or merchant, passes on to the route’s 401 and says nothing', async () => {
    const accepted = vi.fn();
    for (const [token, at] of [
      [undefined, { merchantId: 'm2' }],
      ['token-of-m1', { merchantId: 'm2' }],
      ['token-of-m2', { serial: 'S1' }],
      ['token-of-m1', { serial: 'NO-SUCH' }],
      ['', { merchantId: 'no-such' }],
    ] as const)
      await expect(requireTokenFeature(deps, token, at, 'WEBPAYMENTS', accepted)).resolves.toBeUndefined();
    expect(accepted).not.toHaveBeenCalled();
  });
});

describe('a trigger’s work of a feature (functions/triggers/trigger.ts)', () => {
  it('is done for a merchant with the flag; skipped for one without, counted each time, each merchant read once', async () => {
    const metrics = new OperatorMetrics();
    const counted = vi.spyOn(metrics, 'countBy');
    const features = vi.fn(deps.merchants.features);
    const has = featureCheck({ flag: 'REMOTE_CONFIGURATIONS', work: 'test' }, { features }, metrics);
    expect(await has('m2')).toBe(true);
    expect(await has('m1')).toBe(false);
    expect(await has('m1')).toBe(false);
    expect(await has('no-such')).toBe(true);
    expect(features).toHaveBeenCalledTimes(3);
    expect(counted.mock.calls).toEqual([
      [METRIC.featureWorkSkipped, { feature: 'REMOTE_CONFIGURATIONS' }],
      [METRIC.featureWorkSkipped, { feature: 'REMOTE_CONFIGURATIONS' }],
    ]);
  });
});

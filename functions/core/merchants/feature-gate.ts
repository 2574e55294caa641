/**
 * Routes of a feature (spec §1 flags: CUSTOMERS_MEDIA, WEBPAYMENTS, …) answer for a merchant only when it has the
 * feature: a merchant the caller cannot see (or none) → 404, one without the feature → the feature's 403.
 */
import type { FeatureFlag } from '#schemas/features';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { DomainError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { MerchantNotFoundException } from './errors';

/** What the gate reads of a merchant: its features, undefined when there is no such merchant. */
export interface MerchantFeatures {
  features(merchantId: string): Promise<readonly string[] | undefined>;
}

export async function requireMerchantFeature(
  merchants: MerchantFeatures,
  principal: Principal,
  merchantId: string,
  feature: FeatureFlag,
  notEnabled: () => DomainError,
): Promise<void> {
  if (merchantId === ALL_DISTRIBUTORS_ID || !canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const features = await merchants.features(merchantId);
  if (!features) throw new MerchantNotFoundException();
  if (!features.includes(feature)) throw notEnabled();
}

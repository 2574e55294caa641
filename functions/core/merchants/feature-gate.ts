/**
 * Merchant features (spec §1 flags: CUSTOMERS_MEDIA, WEBPAYMENTS, …). A route of a feature answers for a merchant only
 * when it has the feature (the route manifest's `feature`, enforced by functions/http/feature-gate.ts); the super admin
 * is held to the flags of the merchant it acts inside.
 */
import type { FeatureFlag } from '#schemas/features';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import { DomainError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { tokenMatches } from '../shared/api-token';
import { canSeeMerchant, groupScope } from '../shared/scope';
import type { PosReader } from '../devices/ports';
import { MerchantNotFoundException } from './errors';

/** What the gate reads of a merchant: its features, undefined when there is no such merchant. */
export interface MerchantFeatures {
  features(merchantId: string): Promise<readonly string[] | undefined>;
}

/** What the gate reads of a merchant to accept its API token: the token's hash, undefined without settings. */
export interface MerchantApiTokens {
  apiTokenHash(merchantId: string): Promise<string | undefined>;
}

/**
 * The code a merchant without the feature gets: the spec's own (§8) or the earlier features' where one exists,
 * FeatureNotEnabledException otherwise.
 */
export const FEATURE_ERROR_CODES: Record<FeatureFlag, string> = {
  ADVANCED_ALARMS: 'AdvancedAlarmsNotEnabledException',
  CASHDB_UPDATE: 'CashDatabaseNotEnabledException',
  CUSTOMERS_MEDIA: 'CustomersMediaNotEnabledException',
  FIRMWARE_UPDATE: 'FirmwareNotEnabledException',
  NEBULAR_CASH: 'FeatureNotEnabledException',
  NEBULAR_VENDING: 'FeatureNotEnabledException',
  NETWORK: 'FeatureNotEnabledException',
  PRODUCTS_STOCK: 'FeatureNotEnabledException',
  REMOTE_CONFIGURATIONS: 'SendVpConfigNotAllowed',
  TRANSACTIONS_DETAILS: 'FeatureNotEnabledException',
  WEBPAYMENTS: 'WebPaymentsNotEnabledException',
};

/** 403 naming the feature the merchant has not got: in the message and as `details[0]` (`{ path: 'feature', message: <flag> }`). */
export class FeatureNotEnabledException extends DomainError {
  constructor(readonly feature: FeatureFlag) {
    super(FEATURE_ERROR_CODES[feature], 'forbidden', `The feature ${feature} is not enabled for this distributor`, [{ path: 'feature', message: feature }]);
  }
}

/**
 * The merchant a use case acts inside is one the caller may see (404 otherwise): what a use case behind a flagged route
 * still checks itself, the feature being the gate's (functions/http/feature-gate.ts).
 */
export function requireVisibleMerchant(principal: Principal, merchantId: string): void {
  if (merchantId === ALL_DISTRIBUTORS_ID || !canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

/** Where a request names its merchant: the merchant itself, or a machine whose registration says whose it is. */
export type FeatureMerchant = { merchantId: string } | { serial: string };

/**
 * The route's feature, for the merchant the request acts inside. Only a merchant the caller may see is checked (a
 * machine: within the caller's groups): a foreign one passes on to the route, which answers its own 404, so the gate
 * never tells whether another merchant's id exists. A merchant id the caller may see (the super admin: any) that
 * names no merchant is 404 MerchantNotFoundException.
 */
export async function requireRouteFeature(
  deps: { merchants: MerchantFeatures; pos: Pick<PosReader, 'registration'> },
  principal: Principal,
  at: FeatureMerchant,
  feature: FeatureFlag,
): Promise<void> {
  const merchantId = 'serial' in at ? await visibleMachineMerchant(deps, principal, at.serial) : at.merchantId;
  if (!merchantId || merchantId === ALL_DISTRIBUTORS_ID || !canSeeMerchant(principal, merchantId)) return;
  const features = await deps.merchants.features(merchantId);
  if (!features) {
    if ('serial' in at) return;
    throw new MerchantNotFoundException();
  }
  if (!features.includes(feature)) throw new FeatureNotEnabledException(feature);
}

/**
 * The route's feature, for the merchant whose API token a public call carries (the ERP's prices, the payment service):
 * the machine's merchant or the merchant named. A token that is not that merchant's, or an unknown machine or merchant,
 * passes on to the route's own 401, so the gate never tells a caller without the token anything; `accepted` hears
 * of the merchant whose token it is before the feature is checked (the audit trail names the caller of a refusal too).
 */
export async function requireTokenFeature(
  deps: { merchants: MerchantFeatures & MerchantApiTokens; pos: Pick<PosReader, 'registration'> },
  token: string | undefined,
  at: FeatureMerchant,
  feature: FeatureFlag,
  accepted: (merchantId: string) => void,
): Promise<void> {
  const merchantId = 'serial' in at ? (await deps.pos.registration(at.serial))?.merchantId : at.merchantId;
  const expected = merchantId ? await deps.merchants.apiTokenHash(merchantId) : undefined;
  if (!tokenMatches(token ?? '', expected ?? '') || !merchantId) return;
  accepted(merchantId);
  const features = await deps.merchants.features(merchantId);
  if (features && !features.includes(feature)) throw new FeatureNotEnabledException(feature);
}

async function visibleMachineMerchant(deps: { pos: Pick<PosReader, 'registration'> }, principal: Principal, serial: string): Promise<string | undefined> {
  const reg = await deps.pos.registration(serial);
  if (!reg) return undefined;
  const scope = groupScope(principal, reg.merchantId);
  if (scope.kind === 'none' || (scope.kind === 'groups' && (!reg.groupId || !scope.groupIds.includes(reg.groupId)))) return undefined;
  return reg.merchantId;
}

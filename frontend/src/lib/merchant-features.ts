import type { FeatureFlag } from '#schemas/features';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';

/**
 * Whether a merchant has a feature (spec §1 flags; the API refuses a merchant without it, DESIGN.md §3). With "all
 * distributors" selected (super admin) every feature counts as available: the screens then ask for a merchant.
 */
export function hasFeature(merchant: { id: string; features: readonly string[] } | null | undefined, feature: FeatureFlag): boolean {
  if (!merchant) return false;
  return merchant.id === ALL_DISTRIBUTORS_ID || merchant.features.includes(feature);
}

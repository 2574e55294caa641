import type { FeatureFlag } from '#schemas/features';
import { hasFeature } from '../merchant-features';
import { useCurrentMerchant } from './use-current-merchant';

/** The current merchant's answer for one feature; `loading` until the user's merchants are known. */
export function useFeature(feature: FeatureFlag) {
  const { merchant, merchants } = useCurrentMerchant();
  return { enabled: hasFeature(merchant, feature), loading: !merchants.data && !merchants.error, merchant };
}

import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { useSession } from '../session';
import { useMyMerchants } from './get-my-merchants';

/**
 * The merchant picked in the app bar (spec §4), as the screens that work on one merchant see it: the stored
 * choice when it is still one of the user's merchants, else the first (as the selector falls back).
 * `all` is true for the super admin's "all distributors"; `merchantId` is the one merchant a screen works on,
 * null while loading, without merchants or with "all distributors" picked.
 */
export function useCurrentMerchant() {
  const { currentMerchantId } = useSession();
  const merchants = useMyMerchants();
  const merchant: MerchantSummary | null = merchants.data?.find((m) => m.id === currentMerchantId) ?? merchants.data?.[0] ?? null;
  const all = merchant?.id === ALL_DISTRIBUTORS_ID;
  return { merchant, all, merchantId: merchant && !all ? merchant.id : null, merchants };
}

import { ALL_DISTRIBUTORS_ID, type MerchantSummary } from '#schemas/merchant';
import { useSession } from '../session';
import { useMyMerchants } from './get-my-merchants';

/**
 * The merchant picked in the app bar (spec §4), as the screens that work on one merchant see it: the stored
 * choice when it is still one of the user's merchants, else the first (as the selector falls back).
 * `all` is true for the super admin's "all distributors".
 */
export function useCurrentMerchant() {
  const { currentMerchantId } = useSession();
  const merchants = useMyMerchants();
  const merchant: MerchantSummary | null = merchants.data?.find((m) => m.id === currentMerchantId) ?? merchants.data?.[0] ?? null;
  return { merchant, all: merchant?.id === ALL_DISTRIBUTORS_ID, merchants };
}

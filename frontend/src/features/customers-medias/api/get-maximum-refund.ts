import useSWR from 'swr';
import { MerchantSettings } from '#schemas/merchant-settings';
import { ADMINS } from '#schemas/roles';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * The merchant's maximum refund (minor units), from GET /merchants/{id}/settings, which only administrators
 * read: null for a group admin (the API still refuses a refund above it, and the dialog says so then).
 */
export function useMaximumRefund(merchantId: string | null): number | null {
  const { identity } = useSession();
  const reads = merchantId !== null && identity?.role != null && ADMINS.includes(identity.role);
  const settings = useSWR(reads ? `/merchants/${encodeURIComponent(merchantId)}/settings` : null, (path: string) => apiGet(path, MerchantSettings));
  return settings.data?.maximumRefund ?? null;
}

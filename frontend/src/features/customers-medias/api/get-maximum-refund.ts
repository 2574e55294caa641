import useSWR from 'swr';
import { MerchantSettings } from '#schemas/merchant-settings';
import { mayCall } from '#schemas/api-roles';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * The merchant's maximum refund (minor units), from GET /merchants/{id}/settings, which only administrators
 * read: null for a group admin (the API still refuses a refund above it, and the dialog says so then).
 */
export function useMaximumRefund(merchantId: string | null): number | null {
  const { identity } = useSession();
  const reads = merchantId !== null && mayCall('merchants.getSettings', identity?.role);
  const settings = useSWR(reads ? `/merchants/${encodeURIComponent(merchantId)}/settings` : null, (path: string) => apiGet(path, MerchantSettings));
  return settings.data?.maximumRefund ?? null;
}

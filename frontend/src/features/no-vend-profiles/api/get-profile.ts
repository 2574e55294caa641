import useSWR from 'swr';
import { NoVendProfile } from '#schemas/no-vend-profile';
import { apiGet } from '../../../lib/api';
import { profilesPath } from './get-profile-page';

/** GET /merchants/{id}/no-vend-profiles/{profileId}; another merchant's profile answers 404. */
export const profileKey = (merchantId: string, id: string) => `${profilesPath(merchantId)}/${encodeURIComponent(id)}`;

export function useProfile(merchantId: string | null, id: string) {
  return useSWR(merchantId ? profileKey(merchantId, id) : null, (key: string) => apiGet(key, NoVendProfile));
}

import { mutate } from 'swr';
import { NoVendProfile, type NoVendProfileInput } from '#schemas/no-vend-profile';
import { apiRequest } from '../../../lib/api';
import { profileKey } from './get-profile';
import { revalidateProfileLists } from './get-profile-page';

/** PUT /merchants/{id}/no-vend-profiles/{profileId}: name, description and periods. */
export async function updateProfile(merchantId: string, id: string, input: NoVendProfileInput): Promise<NoVendProfile> {
  const profile = await apiRequest(profileKey(merchantId, id), { method: 'PUT', body: input, schema: NoVendProfile });
  await mutate(profileKey(merchantId, id), profile, { revalidate: false });
  void revalidateProfileLists();
  return profile;
}

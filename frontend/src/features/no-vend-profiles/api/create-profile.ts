import { mutate } from 'swr';
import { NoVendProfile, type NoVendProfileInput } from '#schemas/no-vend-profile';
import { apiRequest } from '../../../lib/api';
import { profileKey } from './get-profile';
import { profilesPath, revalidateProfileLists } from './get-profile-page';

/** POST /merchants/{id}/no-vend-profiles → 201; 409 DuplicateNoVendProfileNameException for a name the merchant has. */
export async function createProfile(merchantId: string, input: NoVendProfileInput): Promise<NoVendProfile> {
  const profile = await apiRequest(profilesPath(merchantId), { method: 'POST', body: input, schema: NoVendProfile });
  await mutate(profileKey(merchantId, profile.id), profile, { revalidate: false });
  void revalidateProfileLists();
  return profile;
}

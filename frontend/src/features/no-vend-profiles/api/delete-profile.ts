import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { profileKey } from './get-profile';
import { removeFromProfileLists } from './get-profile-page';

/** DELETE /merchants/{id}/no-vend-profiles/{profileId} → 204; 409 NoVendProfileInUseException while machines use it. */
export async function deleteProfile(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(profileKey(merchantId, id), { method: 'DELETE' });
  await mutate(profileKey(merchantId, id), undefined, { revalidate: false });
  void removeFromProfileLists(id);
}

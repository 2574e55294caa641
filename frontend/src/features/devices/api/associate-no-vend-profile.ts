import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { revalidateMerchantNoVendProfiles } from '../../../lib/resources/get-merchant-no-vend-profiles';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}/associate-no-vend-profile (body noVendProfileId; null: none); 404 for a profile of another merchant. */
export async function associateNoVendProfile(serial: string, noVendProfileId: string | null): Promise<PointOfSale> {
  const pos = await apiRequest(`${posKey(serial)}/associate-no-vend-profile`, { method: 'PUT', body: { noVendProfileId }, schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  void revalidateMerchantNoVendProfiles();
  return pos;
}

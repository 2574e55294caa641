import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}/associate-group (body groupId; null takes the machine out of its group). */
export async function associateGroup(serial: string, groupId: string | null): Promise<PointOfSale> {
  const pos = await apiRequest(`${posKey(serial)}/associate-group`, { method: 'PUT', body: { groupId }, schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  return pos;
}

import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}/hide, or …/unhide: the machine leaves (or returns to) the default list. */
export async function setPosHidden(serial: string, hidden: boolean): Promise<PointOfSale> {
  const pos = await apiRequest(`${posKey(serial)}/${hidden ? 'hide' : 'unhide'}`, { method: 'PUT', schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  return pos;
}

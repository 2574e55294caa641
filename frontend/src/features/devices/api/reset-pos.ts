import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}/reset: the reported state (connection, status, last readings) is cleared until the device reports again. */
export async function resetPos(serial: string): Promise<PointOfSale> {
  const pos = await apiRequest(`${posKey(serial)}/reset`, { method: 'PUT', schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  return pos;
}

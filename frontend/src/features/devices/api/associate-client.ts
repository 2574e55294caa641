import { mutate } from 'swr';
import { PointOfSale } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}/associate-client (body clientId; null: no client). */
export async function associateClient(serial: string, clientId: string | null): Promise<PointOfSale> {
  const pos = await apiRequest(`${posKey(serial)}/associate-client`, { method: 'PUT', body: { clientId }, schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  return pos;
}

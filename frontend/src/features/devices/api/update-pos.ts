import { mutate } from 'swr';
import { PointOfSale, type PosUpdate } from '#schemas/pos';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { revalidatePosLists } from './get-pos-page';

/** PUT /pos/{serial}: name (unique per merchant: 409 DuplicateMachineNameException), network type, warranty end, planogram. */
export async function updatePos(serial: string, input: PosUpdate): Promise<PointOfSale> {
  const pos = await apiRequest(posKey(serial), { method: 'PUT', body: input, schema: PointOfSale });
  await mutate(posKey(serial), pos, { revalidate: false });
  void revalidatePosLists();
  return pos;
}

import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { posKey } from './get-pos';
import { removeFromPosLists } from './get-pos-page';

/** DELETE /pos/{serial} → 204: the machine leaves the merchant. */
export async function deletePos(serial: string): Promise<void> {
  await apiRequest<void>(posKey(serial), { method: 'DELETE' });
  await mutate(posKey(serial), undefined, { revalidate: false });
  void removeFromPosLists(serial);
}

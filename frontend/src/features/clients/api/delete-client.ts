import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { clientKey } from './get-client';
import { removeFromClientLists } from './get-client-page';

/** DELETE /merchants/{id}/clients/{clientId} → 204. */
export async function deleteClient(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(clientKey(merchantId, id), { method: 'DELETE' });
  await mutate(clientKey(merchantId, id), undefined, { revalidate: false });
  void removeFromClientLists(id);
}

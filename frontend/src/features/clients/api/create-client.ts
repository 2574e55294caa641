import { mutate } from 'swr';
import { Client, type ClientInput } from '#schemas/client';
import { apiRequest } from '../../../lib/api';
import { clientKey } from './get-client';
import { clientsPath, revalidateClientLists } from './get-client-page';

/** POST /merchants/{id}/clients → 201; 409 DuplicateClientNameException when the merchant has a client of that name. */
export async function createClient(merchantId: string, input: ClientInput): Promise<Client> {
  const client = await apiRequest(clientsPath(merchantId), { method: 'POST', body: input, schema: Client });
  await mutate(clientKey(merchantId, client.id), client, { revalidate: false });
  void revalidateClientLists();
  return client;
}

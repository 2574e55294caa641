import { mutate } from 'swr';
import { Client, type ClientInput } from '#schemas/client';
import { apiRequest } from '../../../lib/api';
import { clientKey } from './get-client';
import { revalidateClientLists } from './get-client-page';

/** PUT /merchants/{id}/clients/{clientId}: every field (the name stays unique in the merchant). */
export async function updateClient(merchantId: string, id: string, input: ClientInput): Promise<Client> {
  const client = await apiRequest(clientKey(merchantId, id), { method: 'PUT', body: input, schema: Client });
  await mutate(clientKey(merchantId, id), client, { revalidate: false });
  void revalidateClientLists();
  return client;
}

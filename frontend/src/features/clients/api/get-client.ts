import useSWR from 'swr';
import { Client } from '#schemas/client';
import { apiGet } from '../../../lib/api';
import { clientsPath } from './get-client-page';

/** GET /merchants/{id}/clients/{clientId}; another merchant's client answers 404. */
export const clientKey = (merchantId: string, id: string) => `${clientsPath(merchantId)}/${encodeURIComponent(id)}`;
export const fetchClient = (merchantId: string, id: string) => apiGet(clientKey(merchantId, id), Client);

export function useClient(merchantId: string | null, id: string) {
  return useSWR(merchantId ? clientKey(merchantId, id) : null, () => fetchClient(merchantId!, id));
}

import useSWR, { mutate } from 'swr';
import { ClientPage, type Client } from '#schemas/client';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/**
 * Every client of one merchant, by name: GET /merchants/{id}/clients page after page (each page's cursor
 * opens the next). For selectors and names in lists (devices), and the clients CSV export.
 */
export async function fetchMerchantClients(merchantId: string): Promise<Client[]> {
  const path = `/merchants/${encodeURIComponent(merchantId)}/clients`;
  const clients: Client[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet(path, ClientPage, { query: { page, size: MAX_PAGE_SIZE, ord: 'name', ordType: 'asc', cursor }, timeoutMs: LONG_TIMEOUT_MS });
    clients.push(...answer.items);
    cursor = answer.cursor;
    if (answer.items.length === 0 || clients.length >= answer.total) return clients;
  }
}

const CLIENTS_OF = '/merchants/clients-of';
export const merchantClientsKey = (merchantId: string) => [CLIENTS_OF, merchantId] as const;

export function useMerchantClients(merchantId: string | null) {
  return useSWR(merchantId ? merchantClientsKey(merchantId) : null, ([, id]) => fetchMerchantClients(id), { keepPreviousData: true });
}

/** After a client is created, renamed or deleted. */
export function revalidateMerchantClients(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === CLIENTS_OF);
}

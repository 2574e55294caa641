import useSWR, { mutate } from 'swr';
import { ClientPage, type Client } from '#schemas/client';
import type { Page } from '#schemas/paging';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { revalidateMerchantClients } from '../../../lib/resources/get-merchant-clients';

/** GET /merchants/{id}/clients?page&size&ord=name&ordType&cursor: a page of the merchant's clients by name. */
const LIST = '/clients/page';
export const clientsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/clients`;
export const clientPageKey = (merchantId: string, query: PageQuery) => [LIST, clientsPath(merchantId), query] as const;
export const fetchClientPage = (path: string, query: PageQuery) => apiGet(path, ClientPage, { query });

export function useClientPage(merchantId: string, query: PageQuery) {
  return useSWR(clientPageKey(merchantId, query), ([, path, q]) => fetchClientPage(path, q), { keepPreviousData: true });
}

/** After a client is created, changed or deleted: the pages and the client lists other screens show load again. */
export function revalidateClientLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), revalidateMerchantClients()]);
}

/** After a client is deleted: gone from the loaded pages at once, then they load again. */
export function removeFromClientLists(id: string): Promise<unknown> {
  const without = (page: Page<Client> | undefined) => page && { ...page, items: page.items.filter((c) => c.id !== id), total: Math.max(0, page.total - 1) };
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST, without), revalidateMerchantClients()]);
}

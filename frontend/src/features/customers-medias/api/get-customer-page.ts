import useSWR, { mutate } from 'swr';
import { CustomerPage } from '#schemas/customer';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiFile, apiGet, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/**
 * GET /customers?merchantId&page&size&ordType&cursor + search, consent, hasMedias, from, to (registration days):
 * a page of the merchant's customers, newest registration first.
 */
const LIST = '/customers';

export function useCustomerPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([path, m, q]) => apiGet(path, CustomerPage, { query: { ...historyQuery(q), merchantId: m } }), {
    keepPreviousData: true,
  });
}

/** GET /customers/csv with the list's filters: the file the API writes (past its cap, 400 ExportTooLargeException). */
export function exportCustomersCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ord: _ord, ...filters } = historyQuery(query);
  return apiFile('/customers/csv', { query: { ...filters, merchantId }, timeoutMs: LONG_TIMEOUT_MS });
}

/** After a customer changed (consents, medias): every customer list and customer loaded loads again. */
export function revalidateCustomers(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(LIST));
}

import useSWR, { mutate } from 'swr';
import { MediaList, MediaPage } from '#schemas/media';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';

/**
 * GET /medias?merchantId&page&size&ord&ordType&cursor + search, mediaType, status, creditMin, creditMax,
 * hasCustomer: a page of the merchant's medias (newest use first by default).
 */
const LIST = '/medias';

export function useMediaPage(merchantId: string, query: PageQuery, enabled = true) {
  return useSWR(enabled ? ([LIST, merchantId, query] as const) : null, ([path, m, q]) => apiGet(path, MediaPage, { query: { ...q, merchantId: m } }), {
    keepPreviousData: true,
  });
}

/** GET /medias/all with the same filters and order: every row for the CSV (past the cap, 400 MediaExportTooLargeException). */
export function fetchAllMedias(merchantId: string, query: Record<string, string | number>) {
  const { page: _page, size: _size, cursor: _cursor, ...filters } = query;
  return apiGet('/medias/all', MediaList, { query: { ...filters, merchantId }, timeoutMs: LONG_TIMEOUT_MS });
}

/** After medias changed (an action, a refund, an association): every media list, media and media transaction list loaded loads again. */
export function revalidateMedias(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(LIST));
}

import type { PageQuery } from '../../../components/data-table/table-state';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/** GET /pos-csv?merchantId + the list's filters: the machines as a CSV file written by the API. */
export function exportPosCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  // Paging does not apply to an export: every machine the filters match.
  const { page: _page, size: _size, cursor: _cursor, ...filters } = query;
  return apiFile('/pos-csv', { query: { ...filters, merchantId }, timeoutMs: LONG_TIMEOUT_MS });
}

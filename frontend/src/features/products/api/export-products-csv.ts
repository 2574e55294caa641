import type { PageQuery } from '../../../components/data-table/table-state';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { productsPath } from './get-product-page';

/** GET /merchants/{id}/products/csv + the list's sort and filters: the selection as a CSV file written by the API. */
export function exportProductsCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ...selection } = query;
  return apiFile(`${productsPath(merchantId)}/csv`, { query: selection, timeoutMs: LONG_TIMEOUT_MS });
}

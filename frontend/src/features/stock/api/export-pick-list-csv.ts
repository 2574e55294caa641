import type { PickListQueryParams } from '#schemas/stock';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/** GET /stock/pick-list/csv: the pick list as the CSV file the API writes (one row per product and line). */
export function exportPickListCsv(query: PickListQueryParams): Promise<ApiFile> {
  return apiFile('/stock/pick-list/csv', { query, timeoutMs: LONG_TIMEOUT_MS });
}

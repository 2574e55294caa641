import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/**
 * GET /audit/csv?merchantId + the list's filters and date order: the selection as a CSV file written by the API (at most
 * MAX_AUDIT_TRAIL_CSV_ROWS; past it 400 MaxResultsExceededException).
 */
export function exportAuditCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ord: _ord, ...filters } = historyQuery(query);
  return apiFile('/audit/csv', { query: { ...filters, merchantId }, timeoutMs: LONG_TIMEOUT_MS });
}

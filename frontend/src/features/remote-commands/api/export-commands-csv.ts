import type { PageQuery } from '../../../components/data-table/table-state';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/** GET /remote-commands/csv?merchantId + the list's filters: the commands as a CSV file written by the API. */
export function exportCommandsCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ord: _ord, ordType: _ordType, ...filters } = query;
  return apiFile('/remote-commands/csv', { query: { ...filters, merchantId }, timeoutMs: LONG_TIMEOUT_MS });
}

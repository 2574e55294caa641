import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { notificationsPath } from './get-notification-page';

/** GET …/notifications/csv + the list's filters: the log as a CSV file written by the API (at most 5000). */
export function exportNotificationsCsv(merchantId: string, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ord: _ord, ordType: _ordType, ...filters } = historyQuery(query);
  return apiFile(`${notificationsPath(merchantId)}/csv`, { query: filters, timeoutMs: LONG_TIMEOUT_MS });
}

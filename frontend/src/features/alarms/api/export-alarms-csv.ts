import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiFile, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { alarmsPath, type AlarmScope } from './get-alarm-page';

/** GET …/alarms/csv + the list's filters: the alarms as a CSV file written by the API (at most 5000). */
export function exportAlarmsCsv(scope: AlarmScope, query: PageQuery): Promise<ApiFile> {
  const { page: _page, size: _size, cursor: _cursor, ord: _ord, ordType: _ordType, ...filters } = historyQuery(query);
  return apiFile(`${alarmsPath(scope)}/csv`, { query: filters, timeoutMs: LONG_TIMEOUT_MS });
}

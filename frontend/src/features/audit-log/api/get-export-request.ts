import useSWR from 'swr';
import { HistoricalDataRequest } from '#schemas/historical-data';
import { apiGet } from '../../../lib/api';
import { isRunning, requestPath } from '../../data-requests/api/get-request-page';

/** How often a large export's request is read again while its file is being written. */
const POLL_MS = 2_000;

/** GET /merchants/{id}/historicaldata/{requestId}: the audit trail's large export, read again while it runs. */
export function useExportRequest(merchantId: string, requestId: string | null) {
  return useSWR(requestId ? requestPath(merchantId, requestId) : null, (path: string) => apiGet(path, HistoricalDataRequest), {
    refreshInterval: (latest) => (!latest || isRunning(latest) ? POLL_MS : 0),
  });
}

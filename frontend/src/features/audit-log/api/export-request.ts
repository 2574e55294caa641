import useSWR from 'swr';
import { HistoricalDataRequest } from '#schemas/historical-data';
import { apiFile, apiGet, apiRequest, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';

/**
 * The audit trail's large export: a historical data request of dataType AuditTrail (the historical data screen lists
 * it too), its progress, and its file.
 */
const requestsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/historicaldata`;
const requestPath = (merchantId: string, requestId: string) => `${requestsPath(merchantId)}/${encodeURIComponent(requestId)}`;

/** How often the request is read again while its file is being written. */
const POLL_MS = 2_000;

/** POST /merchants/{id}/historicaldata → 201; 409 TooManyActiveDataRequestsException past the active maximum. */
export const createExportRequest = (merchantId: string, startDate: string, endDate: string): Promise<HistoricalDataRequest> =>
  apiRequest(requestsPath(merchantId), { method: 'POST', body: { startDate, endDate, dataType: 'AuditTrail' }, schema: HistoricalDataRequest });

/** GET /merchants/{id}/historicaldata/{requestId}, again every POLL_MS while it is Created (waiting or running). */
export function useExportRequest(merchantId: string, requestId: string | null) {
  return useSWR(requestId ? requestPath(merchantId, requestId) : null, (path: string) => apiGet(path, HistoricalDataRequest), {
    refreshInterval: (latest) => (!latest || latest.status === 'Created' ? POLL_MS : 0),
  });
}

/** GET …/download: 302 to a short-lived presigned GET of the file, followed by fetch. */
export const downloadExport = (merchantId: string, requestId: string): Promise<ApiFile> =>
  apiFile(`${requestPath(merchantId, requestId)}/download`, { timeoutMs: LONG_TIMEOUT_MS });

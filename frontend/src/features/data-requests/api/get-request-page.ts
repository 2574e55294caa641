import useSWR, { mutate } from 'swr';
import { HistoricalDataPage, type HistoricalDataRequest } from '#schemas/historical-data';
import { useLiveRefresh } from '../../../components/data-table/live-refresh';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/historicaldata?page&size&ord=creationDate&ordType&cursor&status&dataType: newest first. */
const LIST = '/historicaldata/page';
export const requestsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/historicaldata`;
export const requestPath = (merchantId: string, requestId: string) => `${requestsPath(merchantId)}/${encodeURIComponent(requestId)}`;

/** Created = waiting for or running its export. */
export const isRunning = (request: HistoricalDataRequest) => request.status === 'Created';

/** Polled while a request of the page is running, so it turns Completed or Error on screen. */
export function useRequestPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, requestsPath(merchantId), query] as const, ([, path, q]) => apiGet(path, HistoricalDataPage, { query: q }), useLiveRefresh(isRunning));
}

/** After a create, retry or delete: every loaded page loads again. */
export function revalidateRequestLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

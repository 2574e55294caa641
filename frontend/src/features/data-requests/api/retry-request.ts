import { HistoricalDataRequest } from '#schemas/historical-data';
import { apiRequest } from '../../../lib/api';
import { requestPath, revalidateRequestLists } from './get-request-page';

/** POST /merchants/{id}/historicaldata/{requestId}/retry → 202, Created again; 409 DataRequestNotRetryableException unless Error. */
export async function retryRequest(merchantId: string, requestId: string): Promise<HistoricalDataRequest> {
  const request = await apiRequest(`${requestPath(merchantId, requestId)}/retry`, { method: 'POST', schema: HistoricalDataRequest });
  void revalidateRequestLists();
  return request;
}

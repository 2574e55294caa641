import { HistoricalDataRequest, type HistoricalDataCreate } from '#schemas/historical-data';
import { apiRequest } from '../../../lib/api';
import { requestsPath, revalidateRequestLists } from './get-request-page';

/** POST /merchants/{id}/historicaldata → 201; 409 TooManyActiveDataRequestsException past the active maximum. */
export async function createRequest(merchantId: string, input: HistoricalDataCreate): Promise<HistoricalDataRequest> {
  const request = await apiRequest(requestsPath(merchantId), { method: 'POST', body: input, schema: HistoricalDataRequest });
  void revalidateRequestLists();
  return request;
}

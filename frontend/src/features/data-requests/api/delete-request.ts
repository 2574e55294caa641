import { apiRequest } from '../../../lib/api';
import { requestPath, revalidateRequestLists } from './get-request-page';

/** DELETE /merchants/{id}/historicaldata/{requestId} → 204 (its file goes too). */
export async function deleteRequest(merchantId: string, requestId: string): Promise<void> {
  await apiRequest<void>(requestPath(merchantId, requestId), { method: 'DELETE' });
  void revalidateRequestLists();
}

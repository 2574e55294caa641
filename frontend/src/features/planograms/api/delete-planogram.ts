import { mutate } from 'swr';
import { PlanogramDeleted } from '#schemas/planogram';
import { apiRequest } from '../../../lib/api';
import { planogramKey } from './get-planogram';
import { removeFromPlanogramLists } from './get-planogram-page';

/** DELETE /merchants/{id}/planograms/{planogramId} → how many machines lost it (and stock management). */
export async function deletePlanogram(merchantId: string, id: string): Promise<PlanogramDeleted> {
  const answer = await apiRequest(planogramKey(merchantId, id), { method: 'DELETE', schema: PlanogramDeleted });
  await mutate(planogramKey(merchantId, id), undefined, { revalidate: false });
  void removeFromPlanogramLists(id);
  return answer;
}

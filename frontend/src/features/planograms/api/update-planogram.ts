import { mutate } from 'swr';
import { Planogram, type PlanogramInput } from '#schemas/planogram';
import { apiRequest } from '../../../lib/api';
import { planogramKey } from './get-planogram';
import { revalidatePlanogramLists } from './get-planogram-page';

/** PUT /merchants/{id}/planograms/{planogramId}: name, description, type and lines. */
export async function updatePlanogram(merchantId: string, id: string, input: PlanogramInput): Promise<Planogram> {
  const planogram = await apiRequest(planogramKey(merchantId, id), { method: 'PUT', body: input, schema: Planogram });
  await mutate(planogramKey(merchantId, id), planogram, { revalidate: false });
  void revalidatePlanogramLists();
  return planogram;
}

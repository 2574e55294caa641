import { mutate } from 'swr';
import { Planogram, type PlanogramInput } from '#schemas/planogram';
import { apiRequest } from '../../../lib/api';
import { planogramKey } from './get-planogram';
import { planogramsPath, revalidatePlanogramLists } from './get-planogram-page';

/** POST /merchants/{id}/planograms → 201; 409 DuplicatePlanogramNameException; 404 ProductNotFoundException naming the lines. */
export async function createPlanogram(merchantId: string, input: PlanogramInput): Promise<Planogram> {
  const planogram = await apiRequest(planogramsPath(merchantId), { method: 'POST', body: input, schema: Planogram });
  await mutate(planogramKey(merchantId, planogram.id), planogram, { revalidate: false });
  void revalidatePlanogramLists();
  return planogram;
}

import useSWR from 'swr';
import { Planogram } from '#schemas/planogram';
import { apiGet } from '../../../lib/api';
import { planogramsPath } from './get-planogram-page';

/** GET /merchants/{id}/planograms/{planogramId}; another merchant's planogram answers 404. */
export const planogramKey = (merchantId: string, id: string) => `${planogramsPath(merchantId)}/${encodeURIComponent(id)}`;

export function usePlanogram(merchantId: string | null, id: string) {
  return useSWR(merchantId ? planogramKey(merchantId, id) : null, (key: string) => apiGet(key, Planogram));
}

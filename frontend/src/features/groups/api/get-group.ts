import useSWR from 'swr';
import { Group } from '#schemas/group';
import { apiGet } from '../../../lib/api';
import { groupsPath } from './get-group-page';

/** GET /merchants/{id}/groups/{groupId}; a group admin gets 404 for groups that are not its own. */
export const groupKey = (merchantId: string, id: string) => `${groupsPath(merchantId)}/${encodeURIComponent(id)}`;
export const fetchGroup = (merchantId: string, id: string) => apiGet(groupKey(merchantId, id), Group);

export function useGroup(merchantId: string | null, id: string) {
  return useSWR(merchantId ? groupKey(merchantId, id) : null, () => fetchGroup(merchantId!, id));
}

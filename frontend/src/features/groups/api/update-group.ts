import { mutate } from 'swr';
import { Group, type GroupInput } from '#schemas/group';
import { apiRequest } from '../../../lib/api';
import { groupKey } from './get-group';
import { revalidateGroupLists } from './get-group-page';

/** PUT /merchants/{id}/groups/{groupId}: name and description. */
export async function updateGroup(merchantId: string, id: string, input: GroupInput): Promise<Group> {
  const group = await apiRequest(groupKey(merchantId, id), { method: 'PUT', body: input, schema: Group });
  await mutate(groupKey(merchantId, id), group, { revalidate: false });
  void revalidateGroupLists();
  return group;
}

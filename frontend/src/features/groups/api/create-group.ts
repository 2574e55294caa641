import { mutate } from 'swr';
import { Group, type GroupInput } from '#schemas/group';
import { apiRequest } from '../../../lib/api';
import { groupKey } from './get-group';
import { groupsPath, revalidateGroupLists } from './get-group-page';

/** POST /merchants/{id}/groups → 201 with the group; 409 DuplicateGroupNameException when the merchant has the name. */
export async function createGroup(merchantId: string, input: GroupInput): Promise<Group> {
  const group = await apiRequest(groupsPath(merchantId), { method: 'POST', body: input, schema: Group });
  await mutate(groupKey(merchantId, group.id), group, { revalidate: false });
  void revalidateGroupLists();
  return group;
}

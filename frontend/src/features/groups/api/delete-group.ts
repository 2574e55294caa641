import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { groupKey } from './get-group';
import { removeFromGroupLists } from './get-group-page';

/** DELETE /merchants/{id}/groups/{groupId} → 204; 409 GroupInUseException while a user still has the group. */
export async function deleteGroup(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(groupKey(merchantId, id), { method: 'DELETE' });
  await mutate(groupKey(merchantId, id), undefined, { revalidate: false });
  void removeFromGroupLists(id);
}

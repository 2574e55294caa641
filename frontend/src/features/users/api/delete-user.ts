import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api';
import { userKey } from './get-user';
import { removeFromUserLists } from './get-user-page';

/** DELETE /users/{id} → 204: the identity and the user record go. */
export async function deleteUser(id: string): Promise<void> {
  await apiRequest<void>(userKey(id), { method: 'DELETE' });
  await mutate(userKey(id), undefined, { revalidate: false });
  void removeFromUserLists(id);
}

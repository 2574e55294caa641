import { mutate } from 'swr';
import { User, type UserUpdate } from '#schemas/user';
import { apiRequest } from '../../../lib/api';
import { userKey } from './get-user';
import { revalidateUserLists } from './get-user-page';

/** PUT /users/{id}: replaces role, language, merchants, groups and flags (a role change updates the identity's claim). */
export async function updateUser(id: string, input: UserUpdate): Promise<User> {
  const user = await apiRequest(userKey(id), { method: 'PUT', body: input, schema: User });
  await mutate(userKey(id), user, { revalidate: false });
  void revalidateUserLists();
  return user;
}

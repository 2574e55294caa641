import { mutate } from 'swr';
import { User, type UserCreate } from '#schemas/user';
import { apiRequest } from '../../../lib/api';
import { userKey } from './get-user';
import { revalidateUserLists } from './get-user-page';

/**
 * POST /users → 201 with the user: the identity is created and the invitation with a temporary password
 * is sent. 409 DuplicateUserException when the email is taken.
 */
export async function createUser(input: UserCreate): Promise<User> {
  const user = await apiRequest('/users', { method: 'POST', body: input, schema: User });
  await mutate(userKey(user.id), user, { revalidate: false });
  void revalidateUserLists();
  return user;
}

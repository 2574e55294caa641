import { mutate } from 'swr';
import type { Language } from '../../../../schemas/collections';
import { UserMe } from '../../../../schemas/user';
import { apiRequest } from '../api';
import { meKey } from './get-me';

/** PUT /users/me: a user may change only their own language. */
export async function updateMyLanguage(language: Language): Promise<UserMe> {
  const me = await apiRequest(meKey, { method: 'PUT', body: { language }, schema: UserMe });
  await mutate(meKey, me, { revalidate: false });
  return me;
}

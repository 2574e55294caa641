import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Language } from '#schemas/collections';
import { UserMe } from '#schemas/user';
import { apiRequest } from '../api';
import { meKey } from './get-me';

/** PUT /users/me: a user may change only their own language and notifications switch (strict body); answers the user. */
export async function updateMe(change: { language?: Language; receiveNotifications?: boolean }): Promise<UserMe> {
  const me = await apiRequest(meKey, { method: 'PUT', body: change, schema: UserMe });
  await mutate(meKey, me, { revalidate: false });
  return me;
}

export const updateMyLanguage = (language: Language) => updateMe({ language });

/** The same call as a mutation hook: `trigger(language)` resolves with the user and rejects on failure. */
export function useUpdateMyLanguage() {
  return useSWRMutation(meKey, (_key: string, { arg }: { arg: Language }) => updateMyLanguage(arg), {
    // updateMyLanguage has put the answer in the cache already.
    populateCache: false,
    revalidate: false,
  });
}

import useSWR from 'swr';
import { User } from '#schemas/user';
import { apiGet } from '../../../lib/api';

/** GET /users/{id}; a user outside the caller's merchants answers 404 UserNotFoundException. */
export const userKey = (id: string) => `/users/${encodeURIComponent(id)}`;
export const fetchUser = (id: string) => apiGet(userKey(id), User);

export function useUser(id: string) {
  return useSWR(userKey(id), () => fetchUser(id));
}

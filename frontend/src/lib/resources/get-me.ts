import useSWR from 'swr';
import { UserMe } from '#schemas/user';
import { apiGet } from '../api';

/** GET /users/me: the signed-in user's record (role, language, merchants, groups). */
export const meKey = '/users/me';
export const fetchMe = () => apiGet(meKey, UserMe);

export function useMe(enabled = true) {
  return useSWR(enabled ? meKey : null, fetchMe);
}

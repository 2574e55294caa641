import { mayCall, type ApiRouteId } from '#schemas/api-roles';
import { useSession } from '../lib/session';

/** Whether the signed-in user may call the API route: a screen offers an action only to who may do it. */
export function useMayCall(route: ApiRouteId): boolean {
  return mayCall(route, useSession().identity?.role);
}

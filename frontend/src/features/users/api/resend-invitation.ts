import { apiRequest } from '../../../lib/api';
import { userKey } from './get-user';

/** POST /users/{id}/resend-invitation → 204: a new temporary password; 409 UserAlreadyActiveException once the user has signed in. */
export function resendInvitation(id: string): Promise<void> {
  return apiRequest<void>(`${userKey(id)}/resend-invitation`, { method: 'POST' });
}

import { UnsubscribeResult } from '#schemas/notification';
import { apiRequest } from '../../../lib/api';

/** POST /notifications/unsubscribe (public): the e-mail link's token turns the user's notifications off. */
export const unsubscribe = (token: string) =>
  apiRequest('/notifications/unsubscribe', { method: 'POST', body: { token }, schema: UnsubscribeResult, anonymous: true });

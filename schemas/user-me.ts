import * as z from 'zod/mini';
import { Language } from './language';
import { NOTIFICATIONS_OFF_REASONS } from './notification-constants';
import { Role } from './roles';

/*
 * Apart from user.ts (which re-exports it) so that the user's record schema, which authorization reads on every
 * request of every group, bundles none of the users' input, list and export schemas.
 */

/** The signed-in user's own view (spec §3 User info + User). */
export const UserMe = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  language: Language,
  merchantIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  allowLicensing: z.boolean(),
  receiveNotifications: z.boolean(),
  /** Why notifications are off: the user, an e-mail's unsubscribe link, a bounce or a complaint. */
  notificationsOffReason: z.nullable(z.enum(NOTIFICATIONS_OFF_REASONS)),
});
export type UserMe = z.infer<typeof UserMe>;

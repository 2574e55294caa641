import * as z from 'zod/mini';
import { Language } from './collections';
import { Role } from './roles';

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
});
export type UserMe = z.infer<typeof UserMe>;

/** A user may change only their own language here; role, merchants, dates and versions are not theirs to set. */
export const UserMeUpdate = z.strictObject({ language: Language });

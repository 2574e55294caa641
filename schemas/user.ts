import * as z from 'zod/mini';
import { Language } from './language';
import { NOTIFICATIONS_OFF_REASONS } from './notification-constants';
import { page, pageQuery, searchText } from './paging';
import { Role } from './roles';

export { UserMe } from './user-me';

/**
 * A user may change only their own language and whether they receive alarm notifications here; role, merchants,
 * dates and versions are not theirs to set.
 */
export const UserMeUpdate = z
  .strictObject({ language: z.optional(Language), receiveNotifications: z.optional(z.boolean()) })
  .check(z.refine((b) => b.language !== undefined || b.receiveNotifications !== undefined, 'give language or receiveNotifications'));

export const UserId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid user id'));
export const UserIdParams = z.strictObject({ id: UserId });
const id = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/));
/**
 * A user belongs to at most this many merchants and groups: every change of a user (record, one membership
 * item and one counter per merchant, a check per group) is one DynamoDB transaction of at most 100 items.
 */
export const MAX_USER_MERCHANTS = 10;
export const MAX_USER_GROUPS = 50;
const merchantIds = z.array(id).check(z.maxLength(MAX_USER_MERCHANTS));
const groupIds = z.array(id).check(z.maxLength(MAX_USER_GROUPS));

/** Flags only the super admin sees and sets on a user. */
export const INVISIBLE_FLAGS = ['BETA_FEATURES', 'SUPPORT_ACCESS', 'API_ACCESS'] as const;

/** A user as administrators see it. `invisibleFlags` is present only for the super admin. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  role: Role,
  language: Language,
  merchantIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  allowLicensing: z.boolean(),
  receiveNotifications: z.boolean(),
  notificationsOffReason: z.optional(z.nullable(z.enum(NOTIFICATIONS_OFF_REASONS))),
  invisibleFlags: z.optional(z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

const userFields = {
  role: Role,
  language: Language,
  merchantIds,
  groupIds: z._default(groupIds, []),
  allowLicensing: z._default(z.boolean(), false),
  receiveNotifications: z._default(z.boolean(), true),
  /** Super admin only: anyone else sending it gets a 400. */
  invisibleFlags: z.optional(z.array(z.enum(INVISIBLE_FLAGS))),
};

/** POST /users: creates the identity (invitation sent) and the user record. */
export const UserCreate = z.strictObject({
  email: z.email('invalid email').check(z.maxLength(254), z.toLowerCase(), z.trim()),
  ...userFields,
});
export type UserCreate = z.infer<typeof UserCreate>;

/** PUT /users/{id}: everything but the email. */
export const UserUpdate = z.strictObject(userFields);
export type UserUpdate = z.infer<typeof UserUpdate>;

export const AssociateGroup = z.strictObject({ groupId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid group id')) });

/** Paged user lists: by email; `role` narrows, `search` (≥ 3 letters) matches the start of the email. */
export const UserListQuery = pageQuery(['email'] as const, { role: z.optional(Role), search: searchText });
export const UserPage = page(User);
export const UserList = z.array(User);

/** GET /users/csv and GET /users/all: optionally one merchant's users only. */
export const UserExportQuery = z.strictObject({ merchantId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid merchant id'))) });

/** Most users GET /users/all and GET /users/csv answer; beyond it the caller narrows (spec §5: exports are capped). */
export const MAX_EXPORT_USERS = 5_000;

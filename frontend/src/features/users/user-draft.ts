import type { Group } from '#schemas/group';
import type { Language } from '#schemas/collections';
import type { Role } from '#schemas/roles';
import { INVISIBLE_FLAGS, type User } from '#schemas/user';
import type { FieldErrors } from '../../lib/form-errors';

export type InvisibleFlag = (typeof INVISIBLE_FLAGS)[number];

/** The user form's fields as it holds them (the email only matters when creating). */
export interface UserDraft {
  email: string;
  role: Role;
  language: Language;
  merchantIds: string[];
  groupIds: string[];
  allowLicensing: boolean;
  receiveNotifications: boolean;
  invisibleFlags: string[];
}

const SUPER_ADMIN: Role = 'NEBULARSUPERADMIN';

/** Spec §6: only the super admin grants the super-admin role; a merchant admin grants the three merchant roles. */
export function assignableRoles(callerRole: Role | null | undefined): Role[] {
  if (callerRole === SUPER_ADMIN) return ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'];
  if (callerRole === 'NEBULARMERCHANTADMIN') return ['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'];
  return [];
}

/** A super admin sees every merchant: merchants and groups do not apply to that role. */
export const needsMerchants = (role: Role) => role !== SUPER_ADMIN;

export function newUserDraft(language: Language, merchantIds: readonly string[]): UserDraft {
  return {
    email: '',
    role: 'NEBULARMERCHANTUSER',
    language,
    merchantIds: [...merchantIds],
    groupIds: [],
    allowLicensing: false,
    receiveNotifications: true,
    invisibleFlags: [],
  };
}

export function draftOfUser(user: User): UserDraft {
  const { email, role, language, merchantIds, groupIds, allowLicensing, receiveNotifications } = user;
  return {
    email,
    role,
    language,
    merchantIds: [...merchantIds],
    groupIds: [...groupIds],
    allowLicensing,
    receiveNotifications,
    invisibleFlags: [...(user.invisibleFlags ?? [])],
  };
}

/**
 * The body of POST /users (`create`) or PUT /users/{id}: no email on update; merchants and groups empty for
 * a super admin; `invisibleFlags` only when the caller is the super admin (anyone else sending it gets a 400).
 */
export function userBody(draft: UserDraft, { create, callerIsSuperAdmin }: { create: boolean; callerIsSuperAdmin: boolean }): Record<string, unknown> {
  const scoped = needsMerchants(draft.role);
  return {
    ...(create ? { email: draft.email } : {}),
    role: draft.role,
    language: draft.language,
    merchantIds: scoped ? draft.merchantIds : [],
    groupIds: scoped ? draft.groupIds : [],
    allowLicensing: draft.allowLicensing,
    receiveNotifications: draft.receiveNotifications,
    ...(callerIsSuperAdmin ? { invisibleFlags: INVISIBLE_FLAGS.filter((f) => draft.invisibleFlags.includes(f)) } : {}),
  };
}

/** The merchants of the user that have none of its groups (spec §5: a group admin needs one group per merchant). */
export function merchantsWithoutGroup(
  merchantIds: readonly string[],
  groupIds: readonly string[],
  groupsByMerchant: Readonly<Record<string, readonly Group[]>>,
): string[] {
  return merchantIds.filter((m) => !(groupsByMerchant[m] ?? []).some((g) => groupIds.includes(g.id)));
}

/** Unticking a merchant also drops the user's groups of that merchant. */
export function withoutMerchant(draft: UserDraft, merchantId: string, groupsOfMerchant: readonly Group[]): UserDraft {
  const dropped = new Set(groupsOfMerchant.map((g) => g.id));
  return { ...draft, merchantIds: draft.merchantIds.filter((m) => m !== merchantId), groupIds: draft.groupIds.filter((g) => !dropped.has(g)) };
}

/** The rules the shared schema cannot express: merchants for every role but super admin; a group per merchant for a group admin. */
export function checkUserRules(
  input: { role: Role; merchantIds: readonly string[]; groupIds: readonly string[] },
  groupsByMerchant: Readonly<Record<string, readonly Group[]>>,
): FieldErrors {
  if (!needsMerchants(input.role)) return {};
  if (input.merchantIds.length === 0) return { merchantIds: { messageId: 'errors.UserMerchantRequiredException' } };
  if (input.role === 'NEBULARGROUPADMIN' && merchantsWithoutGroup(input.merchantIds, input.groupIds, groupsByMerchant).length > 0) {
    return { groupIds: { messageId: 'errors.GroupAdminMerchantsValidationException' } };
  }
  return {};
}

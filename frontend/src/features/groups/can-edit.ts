import { ADMINS, type Role } from '#schemas/roles';

/** Groups are read by every role but the merchant user; only the super admin and merchant admins change them (spec §2). */
export const canEditGroups = (role: Role | null | undefined) => role != null && ADMINS.includes(role);

/** A group's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const groupPath = (merchantId: string, id: string) => `/manage/groups/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;

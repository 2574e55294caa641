import type { Language } from '#schemas/collections';
import type { Role } from '#schemas/roles';
import type { User as UserView } from '#schemas/user';
import type { NotificationsOffReason } from '#schemas/notification-constants';
import type { Principal } from '../shared/principal';

/** The stored user record (spec §3 User). `invisibleFlags` are seen and set by the super admin only. */
export interface User {
  id: string;
  email: string;
  role: Role;
  language: Language;
  merchantIds: string[];
  groupIds: string[];
  allowLicensing: boolean;
  receiveNotifications: boolean;
  /** Why notifications are off (NOTIFICATIONS_OFF_REASONS), when the user, a link or a bounce turned them off. */
  notificationsOffReason?: string | null;
  invisibleFlags: string[];
  createdAt: string;
  updatedAt: string;
}

/** A user as `principal` may see it: `invisibleFlags` only for the super admin. */
export function toUserView(user: User, principal: Principal): UserView {
  const { invisibleFlags, notificationsOffReason, ...rest } = user;
  const view = { ...rest, notificationsOffReason: offReason(user) };
  return principal.allMerchants ? { ...view, invisibleFlags } : view;
}

/** A merchant admin sees a user who shares one of its merchants. */
export function isVisibleTo(principal: Principal, user: User): boolean {
  return principal.allMerchants || user.merchantIds.some((m) => principal.merchantIds.includes(m));
}

/** …and manages only a user all of whose merchants are its own. */
export function isManageableBy(principal: Principal, user: User): boolean {
  return principal.allMerchants || (user.merchantIds.length > 0 && user.merchantIds.every((m) => principal.merchantIds.includes(m)));
}

/** `now`, or just after `previous` when the clock has not moved on: every write changes updatedAt (the version check). */
export function nextUpdatedAt(now: string, previous: string): string {
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString();
}

/** The reason notifications are off, shown only while they are (an admin turning them on again clears it). */
export const offReason = (user: User): NotificationsOffReason | null =>
  user.receiveNotifications ? null : ((user.notificationsOffReason as NotificationsOffReason | undefined) ?? null);

/** Pure rules of alarm notifications: which settings an alarm event matches and who may be told about it. */
import type { AlarmSetting } from '#schemas/alarm';
import { DIGEST_WINDOW_MS } from '#schemas/notification-constants';
import type { User } from '../users/user';
import type { AlarmEvent } from './ports';

/** Codes (none = every code); a repair only where the setting asks; criticities and groups (the advanced part) narrow. */
export function settingMatches(s: AlarmSetting, e: AlarmEvent, machineGroupId: string | null): boolean {
  return (
    (s.alarmCodes.length === 0 || s.alarmCodes.includes(e.code)) &&
    (e.kind === 'raised' || s.notifyRepaired === true) &&
    (s.criticities.length === 0 || s.criticities.includes(e.criticity)) &&
    (s.groupIds.length === 0 || (machineGroupId !== null && s.groupIds.includes(machineGroupId)))
  );
}

/**
 * A user a matching setting names is told only while a user of the merchant with notifications on; a group
 * admin only about the machines of its groups (a machine in no group is outside every group).
 */
export function mayBeTold(user: User, merchantId: string, machineGroupId: string | null): boolean {
  if (!user.receiveNotifications || !user.merchantIds.includes(merchantId)) return false;
  return user.role !== 'NEBULARGROUPADMIN' || (machineGroupId !== null && user.groupIds.includes(machineGroupId));
}

/** The recipients of an event: every user a matching setting names, once. */
export function recipientIds(settings: readonly AlarmSetting[], e: AlarmEvent, machineGroupId: string | null): string[] {
  return [...new Set(settings.filter((s) => settingMatches(s, e, machineGroupId)).flatMap((s) => s.userIds))];
}

/** The flood window a send falls in (epoch ms of its start). */
export const windowOf = (nowMs: number) => Math.floor(nowMs / DIGEST_WINDOW_MS) * DIGEST_WINDOW_MS;

/**
 * Pure alarm rules: how an incoming alarm is enriched from its master alarm, which states are open, what
 * a machine's status is given its open alarms, and what an alarm adds to the statistics counters.
 */
import type { AlarmCategory, AlarmCounts, AlarmStatus, MasterAlarm } from '#schemas/alarm';
import { ALARM_CATEGORIES, ALARM_CRITICITIES, ALARM_STATUSES, CRITICITY } from '#schemas/alarm-constants';
import type { AlarmPayload } from '#schemas/iot';
import type { ActiveAlarmCounts } from '../devices/model';

/** An alarm as stored, keyed in its machine's partition by `createdAt` and the message that raised it. */
export interface StoredAlarm {
  merchantId: string;
  serial: string;
  /** The machine's group when the alarm was raised or last repeated: what a group admin's list filters on. */
  groupId: string | null;
  messageId: string;
  code: string;
  status: AlarmStatus;
  category: AlarmCategory;
  criticity: number;
  message: string;
  detail: string;
  remainingCycles: number | null;
  createdAt: string;
  lastSeenAt: string;
  lastMessageId: string;
  occurrences: number;
  repairedAt: string | null;
  repairedBy: string | null;
}

/** When a device sends neither and the catalogue has no master alarm for the code. */
const DEFAULT_CRITICITY = CRITICITY.warning;
const DEFAULT_CATEGORY: AlarmCategory = 'fault';

export const isOpen = (status: AlarmStatus) => status === 'active' || status === 'notification';

/**
 * The classification of an incoming alarm: the master alarm of its code wins (the catalogue is how the
 * super admin tunes alarms for the whole fleet); the device's own values fill in without one.
 */
export function classify(p: AlarmPayload, master: Pick<MasterAlarm, 'criticity' | 'category' | 'message'> | undefined) {
  const criticity = master?.criticity ?? p.criticity ?? DEFAULT_CRITICITY;
  return {
    criticity,
    category: master?.category ?? p.category ?? DEFAULT_CATEGORY,
    message: master?.message ?? p.message ?? p.code,
    status: (criticity === CRITICITY.notification ? 'notification' : 'active') as AlarmStatus,
  };
}

/** What opening (+1) or closing (−1) this alarm does to the machine's active counts. */
export function activeDelta(a: Pick<StoredAlarm, 'status' | 'criticity'>, sign: 1 | -1): ActiveAlarmCounts {
  const counts = a.status === 'active';
  return { warning: counts && a.criticity === CRITICITY.warning ? sign : 0, blocking: counts && a.criticity === CRITICITY.blocking ? sign : 0 };
}

/** Never below zero: a machine reset in between may have forgotten what was counted. */
export const applyDelta = (c: ActiveAlarmCounts, d: ActiveAlarmCounts): ActiveAlarmCounts => ({
  warning: Math.max(0, c.warning + d.warning),
  blocking: Math.max(0, c.blocking + d.blocking),
});

/** Counter attributes an alarm contributes to the statistics (sign −1 takes it away). */
export function statsContribution(a: Pick<StoredAlarm, 'status' | 'category' | 'criticity'>, sign: 1 | -1): Record<string, number> {
  return { total: sign, [a.status]: sign, [a.category]: sign, [`c${a.criticity}`]: sign };
}

/** Status change only: the alarm stays counted under its category and criticity. */
export const statusMove = (from: AlarmStatus, to: AlarmStatus): Record<string, number> => ({ [from]: -1, [to]: 1 });

/** Counter attributes read back as the API's counts (a missing attribute is 0). */
export function countsOf(item: Record<string, unknown> | undefined): AlarmCounts {
  const n = (a: string) => Number(item?.[a] ?? 0);
  return {
    total: n('total'),
    byStatus: Object.fromEntries(ALARM_STATUSES.map((s) => [s, n(s)])) as AlarmCounts['byStatus'],
    byCategory: Object.fromEntries(ALARM_CATEGORIES.map((c) => [c, n(c)])) as AlarmCounts['byCategory'],
    byCriticity: Object.fromEntries(ALARM_CRITICITIES.map((c) => [String(c), n(`c${c}`)])) as AlarmCounts['byCriticity'],
  };
}

export function sumCounts(list: readonly AlarmCounts[]): AlarmCounts {
  const out = countsOf(undefined);
  for (const c of list) {
    out.total += c.total;
    for (const k of ALARM_STATUSES) out.byStatus[k] += c.byStatus[k];
    for (const k of ALARM_CATEGORIES) out.byCategory[k] += c.byCategory[k];
    for (const k of ALARM_CRITICITIES) out.byCriticity[String(k) as '0'] += c.byCriticity[String(k) as '0'];
  }
  return out;
}

/** The API's alarm id: base64url of `{createdAt}#{messageId}`, the alarm's sort key in its machine's partition. */
export const alarmId = (a: Pick<StoredAlarm, 'createdAt' | 'messageId'>) => Buffer.from(`${a.createdAt}#${a.messageId}`, 'utf8').toString('base64url');

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function alarmKeyOf(id: string): { createdAt: string; messageId: string } | undefined {
  const [createdAt = '', messageId = '', ...rest] = Buffer.from(id, 'base64url').toString('utf8').split('#');
  return rest.length === 0 && CREATED_AT.test(createdAt) && MESSAGE_ID.test(messageId) ? { createdAt, messageId } : undefined;
}

/** UTC day of an ISO instant: the statistics' day. */
export const dayOf = (iso: string) => iso.slice(0, 10);

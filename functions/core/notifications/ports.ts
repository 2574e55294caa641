import type { AlarmSetting } from '#schemas/alarm';
import type { Notification, NotificationFilters } from '#schemas/notification';
import type { Total } from '#schemas/paging';
import type { User } from '../users/user';

/**
 * What the alarm transaction leaves in the outbox (adapters/dynamodb/notification-outbox.ts): an alarm of a machine
 * raised, or repaired (by the machine or a user). The sender reads everything else when it sends.
 */
export interface AlarmEvent {
  merchantId: string;
  serial: string;
  code: string;
  criticity: number;
  message: string;
  kind: 'raised' | 'repaired';
  alarmCreatedAt: string;
  alarmMessageId: string;
  /** When it was raised (createdAt) or repaired (repairedAt). */
  at: string;
}

/** What the sender reads about an event's merchant, machine and people (one lookup each, per event). */
export interface NotificationLookups {
  merchant(id: string): Promise<{ name: string; timezone: string } | undefined>;
  /** Every alarm setting of the merchant (a merchant keeps few). */
  settings(merchantId: string): Promise<AlarmSetting[]>;
  machine(merchantId: string, serial: string): Promise<{ name: string; groupId: string | null; clientId: string | null } | undefined>;
  groupName(merchantId: string, groupId: string): Promise<string | undefined>;
  clientName(merchantId: string, clientId: string): Promise<string | undefined>;
  users(ids: readonly string[]): Promise<User[]>;
}

export interface NotificationSelection extends NotificationFilters {
  merchantId: string;
}

/** The merchant's notifications log: one entry per (alarm event, user), so a repeat of the event sends nothing twice. */
export interface NotificationLog {
  /** Stores `entry` unless its key exists; answers the stored one and whether it is new. */
  claim(entry: Notification): Promise<{ created: boolean; entry: Notification }>;
  /** Writes the outcome of an attempt (status, reason, attempts, sentAt). */
  record(entry: Notification): Promise<void>;
  list(
    sel: NotificationSelection,
    slice: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ): Promise<{ items: Notification[]; cursor?: string }>;
  count(sel: NotificationSelection): Promise<Total>;
  /** Up to `max` + 1 entries, newest first. */
  all(sel: NotificationSelection, max: number): Promise<Notification[]>;
}

/** The last raise of each machine and code: what tells a flapping machine. */
export interface FlapMarks {
  /**
   * Records this raise (`alarmKey`, at `at`) as the latest of its machine and code, and answers when the raise
   * before it was (undefined: none known). Asked again for the same raise, it answers the same.
   */
  recordRaise(merchantId: string, serial: string, code: string, alarmKey: string, at: string): Promise<string | undefined>;
}

/** E-mails per user and window: the flood limit. */
export interface SendCounter {
  /** Counts one more e-mail for the user in the window starting at `windowStart` (epoch ms); answers the count. */
  countSend(userId: string, windowStart: number): Promise<number>;
}

/** What a flood held back for a user, sent as one digest when its window ends. */
export interface HeldDigest {
  merchantId: string;
  userId: string;
  windowStart: number;
  lines: string[];
  count: number;
}

export interface Digests {
  hold(merchantId: string, userId: string, windowStart: number, dueAtMs: number, line: string): Promise<void>;
  /** Digests whose window ended by `nowMs`, oldest first, at most `limit`. */
  due(nowMs: number, limit: number): Promise<HeldDigest[]>;
  /** The digest is sent (or given up): it leaves the due list. */
  done(d: HeldDigest): Promise<void>;
}

export interface Mailer {
  /** Sends one e-mail; throws when it was not accepted. */
  send(to: string, mail: { subject: string; text: string }): Promise<void>;
}

/** Turning a user's notifications on or off, with the reason when off. */
export interface NotificationSwitch {
  setNotifications(userId: string, on: boolean, reason: string | null, now: string): Promise<User>;
}

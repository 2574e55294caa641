import type { Total } from '#schemas/paging';
import type { AlarmCounts, AlarmStatus, MasterAlarm } from '#schemas/alarm';
import type { StoredAlarm } from './model';

/** A machine as alarm writes address it: the registry's merchant and group (its status counters' group). */
export interface AlarmDevice {
  merchantId: string;
  serial: string;
  groupId: string | null;
  /** The machine is hidden: its status moves its merchant's hidden counts too (absent: visible). */
  hidden?: boolean;
}

/** What closes an open alarm (the machine: repaired; a user: repaired manually) or deletes any alarm. */
export type AlarmClosing = { status: Extract<AlarmStatus, 'repaired' | 'repairedManually'>; at: string; by: string | null } | 'delete';

/** The changes a repeat of an open alarm brings. */
export interface AlarmRepeat {
  messageId: string;
  lastSeenAt: string;
  detail: string;
  remainingCycles: number | null;
}

/**
 * Writes that keep one open alarm per machine and code, the machine's status and the statistics in step:
 * each is one transaction guarded by the state read; 'conflict' = that state changed, read again and retry.
 */
export interface AlarmWriter {
  /** The open alarm of a code (consistent read), if any. */
  openAlarm(device: AlarmDevice, code: string): Promise<StoredAlarm | undefined>;
  /** Opens a new alarm; 'conflict' when one of its code is open meanwhile (or the machine changed). */
  raise(device: AlarmDevice, alarm: StoredAlarm): Promise<'ok' | 'conflict'>;
  /** Records a repeat of `open`, conditioned on it being unchanged since read. */
  repeat(open: StoredAlarm, change: AlarmRepeat): Promise<'ok' | 'conflict'>;
  close(device: AlarmDevice, alarm: StoredAlarm, closing: AlarmClosing): Promise<'ok' | 'conflict'>;
  /** Master alarms of these codes (the troubleshooting catalogue). */
  masterAlarms(codes: readonly string[]): Promise<Map<string, MasterAlarm>>;
}

export interface AlarmSelection {
  merchantId: string;
  /** One machine's partition instead of the merchant's. */
  serial?: string;
  /** A group admin's groups: the alarms of the machines in these groups now. */
  groupIds?: readonly string[];
  status: 'all' | 'active' | 'repaired' | 'notification';
  category?: string;
  criticity?: number;
  /** Only these codes (the dashboard's open anomalies). */
  codes?: readonly string[];
  /** Canonical ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

export interface AlarmSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

export interface AlarmRepository extends AlarmWriter {
  get(merchantId: string, serial: string, createdAt: string, messageId: string): Promise<StoredAlarm | undefined>;
  list(sel: AlarmSelection, slice: AlarmSlice): Promise<{ items: StoredAlarm[]; cursor?: string }>;
  count(sel: AlarmSelection): Promise<Total>;
  /** Up to `max` + 1 alarms (so the caller can tell there are more), newest first. */
  all(sel: AlarmSelection, max: number): Promise<StoredAlarm[]>;
  /** Current names of these machines of a merchant (serial → name). */
  posNames(merchantId: string, serials: readonly string[]): Promise<Map<string, string>>;
  /** Counters of the merchant (or the sum over these groups' machines now): all alarms now, and per day of creation. */
  stats(merchantId: string, groupIds: readonly string[] | undefined, days: readonly string[]): Promise<{ counts: AlarmCounts; days: AlarmCounts[] }>;
  machineStats(merchantId: string, serial: string): Promise<AlarmCounts>;
}

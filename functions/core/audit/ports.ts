import type { Total } from '#schemas/paging';
import type { AuditTrailEntry, AuditTrailOutcome } from '#schemas/audit';

/** What one list, count or CSV of a merchant's trail reads: a date range and the filters. */
export interface AuditTrailSelection {
  /** ISO instants, `from` inclusive, `to` exclusive. */
  from: string;
  to: string;
  userId?: string;
  action?: string;
  outcome?: AuditTrailOutcome;
  /** `type:id` of a target the entry must have. */
  targets: string[];
}

export interface AuditTrailSlice {
  offset: number;
  limit: number;
  cursor?: string;
  ordType: 'asc' | 'desc';
}

/** The merchant's audit trail: appended, never changed (the store has no update or delete). */
export interface AuditTrailStore {
  /** Appends the entry after the merchant's last one (the chain link is made here, so concurrent calls line up). */
  append(content: Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>): Promise<AuditTrailEntry>;
  get(merchantId: string, seq: number): Promise<AuditTrailEntry | undefined>;
  listSlice(merchantId: string, sel: AuditTrailSelection & AuditTrailSlice): Promise<{ items: AuditTrailEntry[]; cursor?: string }>;
  count(merchantId: string, sel: AuditTrailSelection): Promise<Total>;
  /** The first `max` entries of the selection in date order. */
  read(merchantId: string, sel: AuditTrailSelection & { ordType: 'asc' | 'desc'; max: number }): Promise<AuditTrailEntry[]>;
  /** Every entry of the merchant in sequence order, a page at a time (the chain check). */
  chain(merchantId: string): AsyncIterable<AuditTrailEntry[]>;
}

/** What an entry holds beyond its place in the chain. */
export type AuditTrailContent = Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>;

/**
 * A call's pending entry, written in the same transaction as the call's first table write (or just before a write that
 * is no transaction): who, what, on what, and the changes staged so far. Its call's entry names it; the audit sweep
 * removes it once that entry exists, and otherwise turns it into the entry (`final`, when the call got that far, else
 * outcome `unanswered`).
 */
export interface AuditTrailIntent {
  id: string;
  /** When it was written: the sweep takes it once it is older than AUDIT_TRAIL_INTENT_GRACE_SECONDS. */
  at: string;
  content: Omit<AuditTrailContent, 'at' | 'outcome' | 'status' | 'errorCode'>;
  /** The whole entry, put here by its call when it could not append it. */
  final?: AuditTrailContent;
}

/** The intents left behind, for the audit sweep. */
export interface AuditTrailIntents {
  /** Intents written before `before` (oldest first), at most `max`. */
  leftOver(before: string, max: number): Promise<AuditTrailIntent[]>;
  /** The ids of those whose call appended its entry (the entry names its intent), entries written before `until`. */
  appended(intents: readonly AuditTrailIntent[], until: string): Promise<Set<string>>;
  /** Removes intents whose entry exists. */
  clear(intents: readonly AuditTrailIntent[]): Promise<void>;
  /** Appends the intent's entry and removes it, in one transaction; 'gone' when another sweep did first. */
  record(intent: AuditTrailIntent, entry: AuditTrailContent): Promise<'recorded' | 'gone'>;
}

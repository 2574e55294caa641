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

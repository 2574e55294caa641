import type { Total } from '#schemas/paging';
import type { AuditCash, AuditSummary, PosTransaction } from '#schemas/pos-history';

/** A date range of history items: canonical ISO instants, `from` inclusive, `to` exclusive; absent = open. */
export interface HistoryRange {
  from?: string;
  to?: string;
}

export interface HistorySlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** An audit as stored: its key is the read time and the message that brought it. */
export type StoredAudit = Omit<AuditSummary, 'id'> & { messageId: string };

export interface AuditCashRead {
  readAt: string;
  messageId: string;
  cash: AuditCash;
}

/**
 * What ingestion stored in a machine's partition (sensor samples, audits, transactions), read by date. The partition is
 * always built from the merchant the caller's scope was checked against.
 */
export interface PosHistoryRepository {
  /** Signal and temperature samples between two instants (inclusive), oldest first, at most `max`. */
  sensorSamples(
    merchantId: string,
    serial: string,
    from: string,
    to: string,
    max: number,
  ): Promise<Array<{ at: string; signalLevel: number | null; temperature: number | null }>>;
  listAudits(
    merchantId: string,
    serial: string,
    range: HistoryRange & { origin?: number },
    slice: HistorySlice,
  ): Promise<{ items: StoredAudit[]; cursor?: string }>;
  countAudits(merchantId: string, serial: string, range: HistoryRange & { origin?: number }): Promise<Total>;
  /** The EVA-DTS text of one audit; undefined when there is no such audit or it came without text. */
  auditDex(merchantId: string, serial: string, readAt: string, messageId: string): Promise<string | undefined>;
  /** The newest audit that came with EVA-DTS text. */
  latestAuditCash(merchantId: string, serial: string): Promise<AuditCashRead | undefined>;
  /** Audits with EVA-DTS text in the range, newest `max` of them, oldest first. */
  auditCashSeries(merchantId: string, serial: string, range: HistoryRange, max: number): Promise<AuditCashRead[]>;
  listTransactions(
    merchantId: string,
    serial: string,
    range: HistoryRange & { type?: number },
    slice: HistorySlice,
  ): Promise<{ items: PosTransaction[]; cursor?: string }>;
  countTransactions(merchantId: string, serial: string, range: HistoryRange & { type?: number }): Promise<Total>;
}

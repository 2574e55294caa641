import type { AuditTrailEntry } from '#schemas/audit';
import type { DataRequestStatus, DataType, HistoricalDataRequest, Subscription } from '#schemas/historical-data';
import type { Total } from '#schemas/paging';
import type { PosTransaction } from '#schemas/pos-history';
import type { StoredAudit } from '../devices/history-ports';
import type { StoredAlarm } from '../alarms/model';

/** A request as stored: the API's view plus the object key of its completed file (null before, and once removed). */
export interface StoredDataRequest extends HistoricalDataRequest {
  fileKey: string | null;
}

export interface DataRequestFilter {
  status?: DataRequestStatus;
  dataType?: DataType;
  /** A Completed request whose link validity ended by now reads as Expired. */
  now: string;
}

export interface DataRequestSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

export interface CompletedExport {
  rows: number;
  size: number;
  completedAt: string;
  linkValidUntil: string;
  fileKey: string;
}

/**
 * A merchant's historical data requests and its count of active ones (status Created), kept in step: every write
 * that enters or leaves Created moves the count in the same transaction, conditioned on the state read.
 */
export interface DataRequestRepository {
  /** 'tooMany' when `max` requests are already active; 'exists' when a request of this id was made before. */
  create(request: StoredDataRequest, max: number): Promise<'created' | 'tooMany' | 'exists'>;
  get(merchantId: string, id: string): Promise<StoredDataRequest | undefined>;
  list(merchantId: string, filter: DataRequestFilter, slice: DataRequestSlice): Promise<{ items: StoredDataRequest[]; cursor?: string }>;
  count(merchantId: string, filter: DataRequestFilter): Promise<Total>;
  /** Created at this attempt → Completed; false when it changed (deleted, another attempt). */
  complete(merchantId: string, id: string, attempt: number, done: CompletedExport): Promise<boolean>;
  /** Created at this attempt → Error with `message`; false when it changed. */
  fail(merchantId: string, id: string, attempt: number, message: string): Promise<boolean>;
  /** Error at this attempt → Created at attempt + 1; 'tooMany' past `max` active, 'changed' when it moved meanwhile. */
  retry(request: StoredDataRequest, max: number): Promise<'ok' | 'tooMany' | 'changed'>;
  /** Completed → Expired, its file key forgotten; false when it changed. */
  expire(merchantId: string, id: string): Promise<boolean>;
  /** Deletes it as read (status and attempt); false when it changed meanwhile. */
  remove(request: StoredDataRequest): Promise<boolean>;
}

/** Subscriptions and the due index their sweep reads; a merchant has at most `max`, counted on write. */
export interface SubscriptionRepository {
  create(subscription: Subscription, max: number): Promise<'created' | 'tooMany'>;
  list(merchantId: string): Promise<Subscription[]>;
  /** false when there is no such subscription. */
  remove(merchantId: string, id: string): Promise<boolean>;
  /** Subscriptions whose `nextRunAt` is at or before `at`, oldest first, at most `limit`. */
  due(at: string, limit: number): Promise<Subscription[]>;
  /** Records a run and moves `nextRunAt` on, conditioned on `nextRunAt` still being the one read; false otherwise. */
  recordRun(subscription: Subscription, run: Pick<Subscription, 'nextRunAt' | 'lastRunAt' | 'lastRequestId' | 'lastError'>): Promise<boolean>;
}

/** A machine of the merchant, as exports name it. */
export interface ExportPos {
  serial: string;
  name: string;
}

/**
 * The data an export reads, page by page, by Query (never Scan): instants `from` inclusive, `to` exclusive,
 * oldest first.
 */
export interface ExportSource {
  /** Every machine of the merchant (visible and hidden), by serial. */
  machines(merchantId: string): Promise<ExportPos[]>;
  alarms(merchantId: string, from: string, to: string): AsyncIterable<StoredAlarm[]>;
  transactions(merchantId: string, serial: string, from: string, to: string, errorsOnly: boolean): AsyncIterable<PosTransaction[]>;
  audits(merchantId: string, serial: string, from: string, to: string): AsyncIterable<StoredAudit[]>;
  /** The merchant's audit trail entries written in [from, to), oldest first. */
  auditTrail(merchantId: string, from: string, to: string): AsyncIterable<AuditTrailEntry[]>;
}

/** The exports bucket (functions/adapters/s3/file-store.ts's FileStore satisfies it; SignedFileStore all but upload). */
export interface ExportFiles {
  upload(key: string, body: AsyncIterable<Uint8Array | string>, opts: { contentType: string }): Promise<{ size: number }>;
  downloadUrl(key: string, opts: { fileName: string; until?: string; maxSeconds?: number }): Promise<string>;
  remove(key: string): Promise<void>;
}

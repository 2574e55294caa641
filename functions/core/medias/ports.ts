import type { Total } from '#schemas/paging';
import type { Transaction } from '#schemas/transaction';
import type { MediaRecord } from './model';

/** Filters of the medias list no key answers (serial search narrows the serial index). */
export interface MediaSelection {
  search?: string;
  mediaType?: number;
  status?: number;
  creditMin?: number;
  creditMax?: number;
  hasCustomer?: boolean;
}

export interface MediaSliceRequest {
  offset: number;
  limit: number;
  ord: 'lastUsedAt' | 'serial';
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A transaction made in the cloud for a media (a refund): stored in the media's partition. */
export interface CloudTransaction {
  merchantId: string;
  mediaId: string;
  mediaSerial: string;
  transactionId: string;
  type: number;
  mediaType: number;
  value: number;
  currency: string;
  /** The merchant's time zone: the statistics' day of the refund. */
  timeZone: string;
  createdAt: string;
  /** A refund at a machine: that machine, its name and group. */
  serial?: string;
  posName?: string;
  groupId?: string | null;
  sourceType: number;
}

/** A refund's Idempotency-Key, per user and media: a retried POST answers the first refund. */
export interface RefundIdempotency {
  userId: string;
  key: string;
  requestHash: string;
  expiresAt: string;
}

export type RefundWrite =
  { kind: 'ok'; transaction: Transaction } | { kind: 'conflict' } | { kind: 'replay'; requestHash: string; transactionId: string; createdAt: string };

export interface TransactionSliceRequest {
  offset: number;
  limit: number;
  forward: boolean;
  cursor?: string;
  from?: string;
  to?: string;
  /** A group admin: only transactions of machines of these groups, and the cloud ones. */
  groupIds?: readonly string[];
}

/** The medias of the merchants (ACCESS-PATTERNS M1–M8). */
export interface MediaRepository {
  get(merchantId: string, mediaId: string): Promise<MediaRecord | undefined>;
  /** One BatchGet per 100 (ingestion: the medias of a batch). */
  getMany(merchantId: string, mediaIds: readonly string[]): Promise<Map<string, MediaRecord>>;
  /** Writes `next` (our attributes only) conditioned on the version read (0: a new media); false when another write got there first. */
  save(next: MediaRecord, before: MediaRecord | undefined): Promise<boolean>;
  /** The refund: media, its cloud transaction, the statistics counters and the idempotency record in one transaction. */
  saveRefund(next: MediaRecord, before: MediaRecord, transaction: CloudTransaction, idempotency?: RefundIdempotency): Promise<RefundWrite>;
  /** Lost-my-key: both medias in one transaction, each conditioned on the version read. */
  saveLostMyKey(old: MediaRecord, oldBefore: MediaRecord, replacement: MediaRecord, replacementBefore: MediaRecord): Promise<boolean>;
  listSlice(merchantId: string, sel: MediaSelection, req: MediaSliceRequest): Promise<{ items: MediaRecord[]; cursor?: string }>;
  count(merchantId: string, sel: MediaSelection): Promise<Total>;
  /** At most `max` medias of the selection, in order. */
  readAll(merchantId: string, sel: MediaSelection, ord: MediaSliceRequest['ord'], ordType: MediaSliceRequest['ordType'], max: number): Promise<MediaRecord[]>;
  /** The medias with exactly this printed serial (at most `max`). */
  bySerial(merchantId: string, serial: string, max: number): Promise<MediaRecord[]>;
  /** Media types seen on the merchant's medias (small items written when a media is created). */
  typesUsed(merchantId: string): Promise<number[]>;
  /** A media's transactions at the machines and in the cloud, by creation time. */
  transactions(merchantId: string, mediaId: string, req: TransactionSliceRequest): Promise<{ items: Transaction[]; cursor?: string }>;
  countTransactions(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to' | 'groupIds'>): Promise<Total>;
  /** A media's refunds (its cloud transactions of media types 230/250). */
  refunds(merchantId: string, mediaId: string, req: TransactionSliceRequest): Promise<{ items: Transaction[]; cursor?: string }>;
  countRefunds(merchantId: string, mediaId: string, req: Pick<TransactionSliceRequest, 'from' | 'to'>): Promise<Total>;
  /** The refund an Idempotency-Key of the user made on the media, if any. */
  refundByKey(userId: string, key: string, mediaId: string): Promise<{ requestHash: string; transactionId: string; createdAt: string } | undefined>;
  /** A refund transaction by id (an idempotent replay answers it). */
  cloudTransaction(merchantId: string, mediaId: string, createdAt: string, transactionId: string): Promise<Transaction | undefined>;
}

export interface RefundContext {
  maximumRefund: number;
  currency: string;
  timeZone: string;
}

/** What a refund reads of the merchant: its maximum refund (settings) and currency; undefined for no such merchant. */
export interface RefundContextReader {
  refundContext(merchantId: string): Promise<RefundContext | undefined>;
}

/** The merchants' media lists as machines get them (ACCESS-PATTERNS M7, M8). */
export interface MediaLists {
  /** Each merchant's current list version (0 when it never changed). */
  versions(merchantIds: readonly string[]): Promise<Map<string, number>>;
  /** The merchant's list: every media blocked, lost or holding cloud credit. */
  entries(merchantId: string): Promise<Array<Pick<MediaRecord, 'mediaId' | 'status' | 'cloudCredit' | 'tokensBlocked' | 'cloudCreditDevice'>>>;
}

/** Publishes a cloud → device message (QoS 1). */
export interface DevicePublisher {
  publish(topic: string, payload: string): Promise<void>;
}

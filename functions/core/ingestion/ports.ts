import type { ConnectionState, SampleState, TelemetryState } from './rules';
import type { SaleTransaction } from '#schemas/iot';
import type { InvalidMessage } from './validation';

/** Who owns a serial (the registry item). */
export interface Registration {
  serial: string;
  merchantId: string;
  groupId: string | null;
  /**
   * Whether the machine has a stock record (a planogram and stock management): false lets a sale or an audit skip
   * the stock read; undefined (a registry item older than the flag) reads it.
   */
  stocked?: boolean;
  /** The machine is hidden: its connection moves its merchant's hidden counts too (undefined on older items: visible). */
  hidden?: boolean;
}

/** A machine as ingestion addresses it. */
export type Device = Registration;

/** A history record under the machine: one per message (sale: one per transaction), keyed by time + messageId. */
export interface HistoryRecord {
  kind: 'sensor' | 'sale' | 'audit' | 'config';
  merchantId: string;
  serial: string;
  /** Canonical ISO time the device gave it (sentAt, createdAt, readAt, reportedAt). */
  at: string;
  messageId: string;
  /** Position within the message (sales). */
  n?: number;
  data: Record<string, unknown>;
}

/** The newest ping of a machine in a batch, with the reported state it carries. */
export interface PingUpdate {
  device: Device;
  at: string;
  messageId: string;
  /** Epoch ms, server clock. */
  receivedAt: number;
  /** Online-index bucket of this processing. */
  bucket: string;
  /** Reported fields (signalLevel, temperature, firmwareVersion, networkType, publicIp, imei, sim…, boards). */
  fields: Record<string, unknown>;
  /** The newest sample this batch stored, when it is newer than the one the state holds (written with a newer ping). */
  sample?: SampleState;
  /** Whether the machine's list copy is refreshed with this update (at most every listCopySeconds). */
  refreshCopy: boolean;
}

export type WriteOutcome<T = undefined> = { ok: true; value: T } | { ok: false; old: TelemetryState | undefined };

export interface OnlineEntry {
  bucket: string;
  shard: number;
  merchantId: string;
  serial: string;
}

/** Who owns each serial: one lookup for a batch (adapters/dynamodb/registrations.ts). */
export interface RegistryLookup {
  registrations(serials: readonly string[]): Promise<Map<string, Registration>>;
}

/** The dedup of messages whose repeat would change something (adapters/dynamodb/processed-messages.ts). */
export interface ProcessedMessages {
  /** Which of these messages were processed completely before. */
  processed(messageIds: readonly string[]): Promise<Set<string>>;
  /** Records the messages as processed (after their effects are stored). */
  markProcessed(messageIds: readonly string[], expiresAt: number): Promise<void>;
}

/** Messages kept aside (adapters/dynamodb/invalid-messages.ts). */
export interface InvalidMessages {
  /** Stores the message aside and counts it, once per delivery however often it is retried. */
  keepAside(message: InvalidMessage, hash: string, expiresAt: number): Promise<void>;
}

/** What machines reported, stored under each machine (adapters/dynamodb/reported-history.ts). */
export interface ReportedHistory {
  /** Idempotent puts (same message → same keys and content). */
  putHistory(records: readonly HistoryRecord[]): Promise<void>;
  /** Moves lastSaleAt / lastAuditAt forward only. */
  advanceLatest(device: Device, field: 'lastSaleAt' | 'lastAuditAt', at: string): Promise<void>;
  /** Replaces the latest reported configuration only with a later one. */
  putLatestConfig(device: Device, at: string, messageId: string, values: Record<string, string>): Promise<void>;
}

/** What a batch's sales need beyond the registry: each machine's name now, each merchant's time zone (adapters/dynamodb/sales-context.ts). */
export interface SalesContextReader {
  salesContext(devices: readonly Device[]): Promise<SalesContext>;
}
export interface SalesContext {
  /** serial → the machine's name (absent: the machine is gone). */
  posNames: Map<string, string>;
  /** merchantId → IANA time zone. */
  timeZones: Map<string, string>;
}

/** A sales message as its statistics count it. */
export interface CountedSales {
  messageId: string;
  transactions: readonly SaleTransaction[];
}

/** Transaction statistics and used types, moved once per sales message (adapters/dynamodb/sales-stats.ts). */
export interface SalesStats {
  /**
   * Counts the transactions of a machine's messages (merchant and group days in `timeZone`, the machine's month)
   * and adds their types to the merchant's used ones, each message exactly once however often it is delivered.
   */
  countSales(device: Device, posName: string | null, timeZone: string, messages: readonly CountedSales[], expiresAt: number): Promise<void>;
}

/** Machines' connection state and the counters that follow it (adapters/dynamodb/connection-state.ts). */
export interface ConnectionStates {
  /** Newer ping of an online machine: ping fields + seen time; the previous online bucket on success. */
  advancePing(u: PingUpdate): Promise<WriteOutcome<string | undefined>>;
  /** Offline/unknown → online with the counters, guarded by the state read (`from`) and the registry. */
  goOnline(u: PingUpdate, from: TelemetryState | undefined): Promise<'ok' | 'conflict'>;
  /** Older ping of an online machine: only the seen time and bucket; previous bucket on success. */
  touchPing(u: PingUpdate): Promise<WriteOutcome<string | undefined>>;
  /** Newer ping fields without any connection change (a ping received too long ago). */
  advanceLatePing(u: PingUpdate): Promise<void>;
  telemetryStates(devices: ReadonlyArray<{ merchantId: string; serial: string }>): Promise<Map<string, TelemetryState>>;
  /** online → offline with the counters if still online and silent since before `cutoffMs`. */
  goOffline(device: Device, cutoffMs: number): Promise<'ok' | 'conflict'>;
}

/** Online machines by processing time, which the connection sweep reads (adapters/dynamodb/online-index.ts). */
export interface OnlineIndex {
  putOnlineEntries(entries: readonly OnlineEntry[], expiresAt: number): Promise<void>;
  onlineEntries(bucket: string, shard: number): Promise<Array<{ merchantId: string; serial: string }>>;
  sweptThrough(): Promise<number | undefined>;
  saveSweptThrough(bucketIndex: number): Promise<void>;
}

export const deviceKey = (d: { merchantId: string; serial: string }) => `${d.merchantId}#${d.serial}`;

export type { ConnectionState, TelemetryState };

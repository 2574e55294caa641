/**
 * What a message kind adds to the batch's common path (batch.ts): what it stores as history, how it moves a
 * machine's latest fields, and what it reads before or does after for the whole batch. One module per kind
 * (telemetry.ts, sales.ts, audit.ts, config.ts, alarms.ts, cash/ingest.ts) holds its whole path and names the deps it
 * needs (D): its trigger is given those, and bundles no other kind's code.
 */
import type { IngestedKind } from '#schemas/iot';
import type { BatchDeps } from './deps';
import type { Device, HistoryRecord, OnlineEntry, Registration } from './ports';
import type { ValidMessage } from './validation';

/** The batch as a machine's update sees it. */
export interface DeviceBatch<P, D extends BatchDeps = BatchDeps> {
  deps: D;
  now: number;
  /** The online index bucket of `now`. */
  bucket: string;
  /** What `prepare` read for the batch. */
  prepared: P | undefined;
}

export interface MessageKind<P = undefined, D extends BatchDeps = BatchDeps> {
  /** What its messages are read as (validation.ts) and logged and counted under. */
  kind: IngestedKind;
  /**
   * Whether processed messages are recorded (MSG items) so a repeat changes nothing. A kind whose every effect is
   * idempotent by itself needs none (telemetry).
   */
  recordsProcessed: boolean;
  /** Read once for the batch's machines before anything is stored (a failure leaves the whole batch to come again). */
  prepare?(devices: Device[], deps: D, messages: ValidMessage[]): Promise<P>;
  /** The history records a valid message stores (keyed by time + messageId: a retry rewrites the same items). */
  historyOf(m: ValidMessage, device: Device, prepared: P | undefined): HistoryRecord[];
  /** Moves one machine's latest fields for its messages of the batch; answers an online-index entry to write. */
  applyLatest(device: Device, messages: ValidMessage[], batch: DeviceBatch<P, D>): Promise<OnlineEntry | undefined>;
  /** After every machine: what the batch does once (media records, media lists); answers the message ids that failed. */
  afterMachines?(messages: ValidMessage[], registrations: Map<string, Registration>, deps: D, now: number): Promise<Set<string>>;
}

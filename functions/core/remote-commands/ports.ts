import type { Total } from '#schemas/paging';
import type { RemoteCommand } from '#schemas/remote-command';
import type { DeviceRegistration } from '../devices/model';

/** A command as stored: the API's view plus when the delivery sweep looks at it next (null once final). */
export interface StoredCommand extends RemoteCommand {
  dueAt: string | null;
}

/** What a transition expects the stored command to still be (the state it was read in). */
export interface CommandVersion {
  status: number;
  attempts: number;
}

export interface CommandFilter {
  type?: number;
  status?: number;
  /** A group admin's groups: the commands of the machines in these groups now (whatever group they were sent in). */
  groupIds?: readonly string[];
  /** Created in [from, to): ISO instants. */
  from?: string;
  to?: string;
}

export interface CommandSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

export interface IdempotencyRecord {
  userId: string;
  key: string;
  /** Hash of the request: the same key with another request is refused. */
  requestHash: string;
  expiresAt: string;
}

export type CreateOutcome =
  | { kind: 'created' }
  | { kind: 'pending' }
  | { kind: 'pos-missing' }
  /** The machine moved to another group since it was read. */
  | { kind: 'moved' }
  | { kind: 'replay'; requestHash: string; command: StoredCommand | undefined };

/**
 * Remote commands in their machine's partition, the one-pending-per-type lock, the pending counters and the
 * due index of the delivery sweep (ACCESS-PATTERNS 30–35). Transitions are conditional on the version read.
 */
export interface RemoteCommandRepository {
  /** Command + lock of its type + counters (+ idempotency record) in one transaction. */
  create(command: StoredCommand, idempotency?: IdempotencyRecord): Promise<CreateOutcome>;
  get(merchantId: string, serial: string, id: string): Promise<StoredCommand | undefined>;
  /** Moves a pending command still at `expected` to `changes` (no final status); false when it moved meanwhile. */
  advance(
    command: StoredCommand,
    expected: CommandVersion | 'pending',
    changes: Partial<Pick<StoredCommand, 'status' | 'attempts' | 'startAt' | 'dueAt'>>,
  ): Promise<boolean>;
  /** Gives a pending command still at `expected` its final status and result, releasing its type's lock; false when it moved meanwhile. */
  finish(
    command: StoredCommand,
    expected: CommandVersion | 'pending',
    outcome: Pick<StoredCommand, 'status' | 'result' | 'message' | 'endAt'>,
  ): Promise<boolean>;
  listMerchant(merchantId: string, filter: CommandFilter, slice: CommandSlice): Promise<{ items: StoredCommand[]; cursor?: string }>;
  countMerchant(merchantId: string, filter: CommandFilter): Promise<Total>;
  /** Every selected command, newest first, up to `max` + 1. */
  listAllMerchant(merchantId: string, filter: CommandFilter, max: number): Promise<StoredCommand[]>;
  listPos(merchantId: string, serial: string, filter: CommandFilter, slice: CommandSlice): Promise<{ items: StoredCommand[]; cursor?: string }>;
  countPos(merchantId: string, serial: string, filter: CommandFilter): Promise<Total>;
  /** Pending commands per machine (counter items). */
  pendingCounts(merchantId: string, serials: readonly string[]): Promise<Record<string, number>>;
  /** Pending commands whose `dueAt` is at or before `at`, oldest first, at most `limit`. */
  due(at: string, limit: number): Promise<StoredCommand[]>;
}

/** Cloud → device publishing (IoT data-plane Publish, QoS 1). */
export interface CommandPublisher {
  publish(topic: string, payload: string): Promise<void>;
}

/** Delivery timing: configurable so tests can run it in seconds (env COMMAND_*). */
export interface CommandSettings {
  /** Without any acknowledgement this long after a publish, the command is published again. */
  retryAfterSeconds: number;
  /** Publishes before giving up with result -1 (retries exceeded). */
  maxAttempts: number;
  /** A command acknowledged but without a result this long after its start expires (result -2). */
  expireAfterSeconds: number;
}

/** The registry lookup of the paths a command repeats (acks, the device tab's polls): kept a few seconds, or fresh. */
export interface RegistrationLookup {
  /** The registration read at most a few seconds ago (adapters/dynamodb/registration-cache.ts). */
  cached(serial: string): Promise<DeviceRegistration | undefined>;
  /** The registration as the registry says it now. */
  fresh(serial: string): Promise<DeviceRegistration | undefined>;
}

import type { Total } from '#schemas/paging';
import type { PosCounts, PosNote, PointOfSale } from '#schemas/pos';
import type { DeviceRegistration, PosRecord, StoredPos } from './model';

/** Filters an index cannot answer: applied as a FilterExpression over the partitions read. */
export interface PosFilter {
  /** ISO bounds, inclusive (from) / exclusive (to, the day after the last one). */
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
  warrantyFrom?: string;
  warrantyTo?: string;
  clientId?: string;
  planogramId?: string;
  /** ≥ 3 characters, matched anywhere in the name (case- and accent-insensitive) or the serial. */
  search?: string;
}

/**
 * Which machines of one merchant a list reads: the visible or the hidden ones, of the whole merchant
 * (`groupIds` undefined) or of some of its groups only.
 */
export interface PosSelection {
  hidden: boolean;
  groupIds?: readonly string[];
  filter: PosFilter;
}

export interface PosSliceRequest extends PosSelection {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

export interface NoteSliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** One machine read by serial: the registry (who owns it), then its record, telemetry and notes count. */
export interface PosReader {
  registration(serial: string): Promise<DeviceRegistration | undefined>;
  get(merchantId: string, serial: string): Promise<StoredPos | undefined>;
}

/**
 * Machines (points of sale) of merchants, with the device registry, name guards and counters. Ingestion
 * writes TELEMETRY and history items under the machine's partition with the same keys (keys.ts), and the list's
 * copy of what a machine reported on its POS item (listed machines come from that copy).
 */
export interface PosRecords extends PosReader {
  /**
   * Registers the serial to the record's merchant and stores the record. Throws DeviceAlreadyRegisteredException,
   * DuplicateMachineNameException, MerchantNotFoundException, MachineStillBeingDeletedException.
   */
  create(record: PosRecord): Promise<void>;
  /**
   * Writes a changed record read as `current` (its updatedAt is the version: PosChangedConcurrentlyException
   * otherwise): name guard swap, registry group, counters, client machine counts, group/client existence.
   * Throws DuplicateMachineNameException, InvalidPosGroupException, InvalidPosClientException.
   */
  replace(current: StoredPos, next: PosRecord): Promise<void>;
  /** Deletes the TELEMETRY item and the list copy and writes `next` (resetAt set), moving the counters back to unknown. */
  reset(current: StoredPos, next: PosRecord): Promise<void>;
  /**
   * Deletes the machine, its registry entry, name guard and telemetry (counters move) and marks its partition
   * (notes, history, alarms, commands) for PosPurges, which removes it.
   */
  delete(current: StoredPos): Promise<void>;
}

/** Lists and counts of one merchant's machines. */
export interface PosLists {
  listSlice(merchantId: string, req: PosSliceRequest): Promise<{ items: PointOfSale[]; cursor?: string }>;
  /** Counters when there is no filter; a count of the filtered partitions otherwise. */
  count(merchantId: string, selection: PosSelection): Promise<Total>;
  /** Every selected machine up to `max` + 1 (the caller refuses more than `max`). */
  listAll(merchantId: string, selection: PosSelection, max: number): Promise<PointOfSale[]>;
  /** Counter items: the merchant's, or the sum over some of its groups. */
  counts(merchantId: string, groupIds?: readonly string[]): Promise<PosCounts>;
  /** As `counts`, with the connection and status counts of visible machines only (hidden ones counted apart). */
  visibleCounts(merchantId: string, groupIds?: readonly string[]): Promise<PosCounts>;
}

export interface GroupPos {
  /** Whether any machine has this group (a group with machines cannot be deleted). */
  groupHasPos(merchantId: string, groupId: string): Promise<boolean>;
}

export interface PosNotes {
  /** Throws PosNotFoundException when the machine is gone. */
  addNote(merchantId: string, note: PosNote): Promise<void>;
  listNotes(merchantId: string, serial: string, req: NoteSliceRequest): Promise<{ items: PosNote[]; cursor?: string }>;
}

export interface PosRef {
  merchantId: string;
  serial: string;
}

/** The partitions of deleted machines, removed in bounded steps (a year of samples does not fit in one API call). */
export interface PosPurges {
  /**
   * Deletes up to about `maxItems` of a deleted machine's partition (its alarms leave the merchant's and groups'
   * counts of alarms now as they go); true once nothing is left, when its mark goes too.
   */
  purge(machine: PosRef, maxItems: number): Promise<boolean>;
  /** Deleted machines whose partitions are not removed yet (up to `limit`). */
  pending(limit: number): Promise<PosRef[]>;
}

/** A machine whose alarms and commands are being re-indexed after a move: from its group then to its group now. */
export interface MovingPos extends PosRef {
  from: string | null;
  to: string | null;
}

/**
 * Alarms and commands of machines moved to another group, re-indexed to the machine's group in bounded steps
 * (their group index, `groupId` and, for alarms, the groups' statistics counters).
 */
export interface PosRegroups {
  /** Re-indexes up to about `maxItems` of a moved machine's alarms and commands; true once none is left, when its mark goes. */
  regroup(machine: PosRef, maxItems: number): Promise<boolean>;
  /** Moved machines still being re-indexed (up to `limit`), of one merchant or of all. */
  pending(limit: number, merchantId?: string): Promise<MovingPos[]>;
}

/** Where the device-association PIN guard lives (merchant settings keep it in step). */
export interface PinDirectory {
  merchantOfPin(pin: string): Promise<string | undefined>;
}

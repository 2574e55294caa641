import type { Total } from '#schemas/paging';
import type { StockStatusCode } from '#schemas/stock-constants';
import type { StockRecord } from './model';

/** Which stock records of one merchant a read covers: all, or those of some groups (a group admin, a group filter). */
export interface StockSelection {
  groupIds?: readonly string[];
  clientId?: string;
  planogramId?: string;
  status?: StockStatusCode;
}

export interface StockSliceRequest extends StockSelection {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/**
 * Machines' stock records (adapters/dynamodb/stock-repository.ts): one item per machine with stock management,
 * indexed by fill for the manage-stock list (per merchant, group and client) in the same write.
 */
export interface StockRepository {
  get(merchantId: string, serial: string): Promise<StockRecord | undefined>;
  /**
   * Writes the record conditioned on the version read (`undefined`: there was none); `false` when another write
   * came first. The record's version is `readVersion + 1` once written.
   */
  put(next: StockRecord, readVersion: number | undefined): Promise<boolean>;
  delete(merchantId: string, serial: string): Promise<void>;
  /** A page sorted by fill (then serial). */
  listSlice(merchantId: string, req: StockSliceRequest): Promise<{ items: StockRecord[]; cursor?: string }>;
  count(merchantId: string, sel: StockSelection): Promise<Total>;
  /** The records of these machines (missing ones left out): one BatchGetItem a hundred. */
  ofMachines(merchantId: string, serials: readonly string[]): Promise<StockRecord[]>;
  /** Every record of a group or of a client (one Query of its index partition), at most `max`. */
  ofGroup(merchantId: string, groupId: string, max: number): Promise<StockRecord[]>;
  ofClient(merchantId: string, clientId: string, max: number): Promise<StockRecord[]>;
}

/** The products' codes and names, for lines and pick lists. */
export interface ProductNames {
  names(merchantId: string, productIds: readonly string[]): Promise<Map<string, { code: string; name: string }>>;
}

/** The planogram a machine's stock follows. */
export interface PlanogramLines {
  get(
    merchantId: string,
    id: string,
  ): Promise<
    | { planogramType: 'A' | 'B'; lines: ReadonlyArray<{ selection: string; productId: string; capacity: number; warningLevel: number; refillValue: number }> }
    | undefined
  >;
}

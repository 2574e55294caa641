import type { Total } from '#schemas/paging';
import type { PriceAction, PriceOrigin, PriceSyncState } from '#schemas/prices-constants';

/** One price (the contract's PriceEntry, without zod). */
export interface Price {
  line: string;
  priceTable: number;
  value: number;
}

/** The send in flight: remote command 12 with `prices` (the saved ones of `version`). */
export interface PriceSend {
  commandId: string;
  version: number;
  sentAt: string;
  sentBy: string;
  prices: Price[];
}

/**
 * A machine's prices (PRICES item). `version` moves with every change of `prices` (what users see and name);
 * `revision` with every write (a sync or a send too), and every write is conditioned on the revision read.
 */
export interface StoredPrices {
  merchantId: string;
  serial: string;
  version: number;
  revision: number;
  prices: Price[];
  origin: PriceOrigin;
  status: PriceSyncState;
  updatedAt: string;
  updatedBy: string;
  /** What the machine runs as of the last sync, and where those prices came from. */
  synced: Price[] | null;
  syncedOrigin: PriceOrigin | null;
  lastSyncAt: string | null;
  lastSyncBy: string | null;
  sending: PriceSend | null;
}

/** One version as history keeps it. */
export interface StoredPriceVersion {
  version: number;
  prices: Price[];
  origin: PriceOrigin;
  action: PriceAction;
  at: string;
  by: string;
}

export interface PriceHistorySlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Prices of machines, in each machine's partition (ACCESS-PATTERNS P1). */
export interface PriceRepository {
  get(merchantId: string, serial: string): Promise<StoredPrices | undefined>;
  /**
   * Writes `next` if the stored item is still at `previousRevision` (0: there was none) and the machine still
   * exists, with `version` (when the prices changed) as a history item in the same transaction. False when the
   * item moved meanwhile; throws PosNotFoundException when the machine is gone.
   */
  put(next: StoredPrices, previousRevision: number, version?: StoredPriceVersion): Promise<boolean>;
}

/** The versions P1's writes keep (ACCESS-PATTERNS P2). */
export interface PriceHistory {
  historySlice(merchantId: string, serial: string, req: PriceHistorySlice): Promise<{ items: StoredPriceVersion[]; cursor?: string }>;
  historyCount(merchantId: string, serial: string): Promise<Total>;
}

/** A planogram as prices need it: its lines' selections and products. */
export interface PlanogramLines {
  id: string;
  lines: Array<{ selection: string; productId: string }>;
}

/** What prices read of other entities: a machine's planogram, a merchant's currency (undefined: no such merchant). */
export interface PriceContext {
  planogram(merchantId: string, id: string): Promise<PlanogramLines | undefined>;
  merchantCurrency(merchantId: string): Promise<string | undefined>;
}

/** A merchant's settings the ERP route checks (merchant settings, super-admin settings). */
export interface ErpSettings {
  /** SHA-256 of the merchant's API token, '' when none was issued. */
  apiTokenHash: string;
  pricesSync: PricesSyncMode;
  erpApi: boolean;
}

/** Product names of a merchant, for the lines of the prices grid. */
export interface ProductNames {
  names(merchantId: string, productIds: readonly string[]): Promise<Map<string, { name: string }>>;
}

/** How a merchant wants prices synced (merchant settings `pricesSync`). */
export type PricesSyncMode = 'IMMEDIATE' | 'AFTER_AUDIT';

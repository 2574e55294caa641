import type { CashDatabase } from '#schemas/cash-database';
import type { Total } from '#schemas/paging';

/** A cash database as stored: what the API shows, and the key of its file in the cash databases bucket. */
export interface StoredCashDatabase extends CashDatabase {
  fileKey: string;
}

export interface CashDatabaseSlice {
  deviceType?: string;
  ordType: 'asc' | 'desc';
  offset: number;
  limit: number;
  cursor?: string;
}

/** A merchant's cash databases (ACCESS-PATTERNS CD1–CD2). */
export interface CashDatabaseRepository {
  get(merchantId: string, id: string): Promise<StoredCashDatabase | undefined>;
  list(merchantId: string, s: CashDatabaseSlice): Promise<{ items: StoredCashDatabase[]; cursor?: string }>;
  count(merchantId: string, deviceType?: string): Promise<Total>;
  /** With its version guard (merchant, device type, peripheral, version): 'duplicate' when that version is registered. */
  create(d: StoredCashDatabase): Promise<'created' | 'duplicate'>;
  /** Conditional on `previous.updatedAt`. */
  update(previous: StoredCashDatabase, next: StoredCashDatabase): Promise<'updated' | 'changed'>;
  /** Only while no rule uses it: 'inUse' otherwise, 'missing' when it is gone. */
  delete(d: StoredCashDatabase): Promise<'deleted' | 'inUse' | 'missing'>;
}

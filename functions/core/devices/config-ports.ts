import type { Total } from '#schemas/paging';
import type { ConfigValues } from '#schemas/pos-config';

/** A configuration the device reported (ingestion's CONFIG# items); `id` names it within its machine. */
export interface ReportedConfig {
  id: string;
  reportedAt: string;
  values: ConfigValues;
}

/** The configuration a user wants the machine to run; `updatedAt` is its version. */
export interface StoredCustomConfig {
  values: ConfigValues;
  origin: 0 | 3;
  updatedAt: string;
  updatedBy: string;
}

export interface ConfigHistoryRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
  /** Canonical ISO instants bounding reportedAt, inclusive. */
  from?: string;
  to?: string;
}

/** Configurations of one machine, always addressed through the machine's merchant and serial. */
export interface PosConfigRepository {
  /** The latest reported configuration and the custom config, in one read. */
  current(merchantId: string, serial: string): Promise<{ latest?: ReportedConfig; custom?: StoredCustomConfig }>;
  historySlice(merchantId: string, serial: string, req: ConfigHistoryRequest): Promise<{ items: ReportedConfig[]; cursor?: string }>;
  historyCount(merchantId: string, serial: string, range: Pick<ConfigHistoryRequest, 'from' | 'to'>): Promise<Total>;
  /** Undefined for an id that is malformed or names nothing in this machine's history. */
  historical(merchantId: string, serial: string, id: string): Promise<ReportedConfig | undefined>;
  /**
   * Stores the custom config if it is still at `previousVersion` (undefined: there was none) and the machine
   * still exists. Throws CustomConfigChangedConcurrentlyException, PosNotFoundException.
   */
  putCustom(merchantId: string, serial: string, next: StoredCustomConfig, previousVersion: string | undefined): Promise<void>;
}

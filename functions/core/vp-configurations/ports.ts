import type { Total } from '#schemas/paging';
import type { VpConfiguration, VpConfigurationVersion } from '#schemas/vp-configuration';

export interface VpSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A machine a configuration was last sent to (one configuration per machine: sending another moves it there). */
export interface VpDeployment {
  configurationId: string;
  serial: string;
  posName: string;
  groupId: string | null;
  sentVersion: number;
  sentAt: string;
  sentBy: string;
  commandId: string;
}

/** What a machine last reported of its configuration (CONFIG#LATEST). */
export interface ReportedValues {
  values: Record<string, string>;
  reportedAt: string;
}

/**
 * A merchant's VP configurations (name unique per merchant by a guard item), each version kept in the configuration's
 * own partition, and where each was sent (ACCESS-PATTERNS "VP configurations").
 */
export interface VpConfigurationRepository {
  get(merchantId: string, id: string): Promise<VpConfiguration | undefined>;
  listSlice(merchantId: string, req: VpSlice): Promise<{ items: VpConfiguration[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** The configuration and its version 1; DuplicateVpConfigNameException, MerchantNotFoundException. */
  create(configuration: VpConfiguration, version: VpConfigurationVersion): Promise<void>;
  /** The configuration at `next.version` and that version kept; VpConfigChangedConcurrentlyException when it exists already. */
  update(current: VpConfiguration, next: VpConfiguration, version: VpConfigurationVersion): Promise<void>;
  version(merchantId: string, id: string, version: number): Promise<VpConfigurationVersion | undefined>;
  versionsSlice(merchantId: string, id: string, req: VpSlice): Promise<{ items: VpConfigurationVersion[]; cursor?: string }>;
  /** The machine now uses this configuration (removed from the one it used before). */
  recordSend(merchantId: string, deployment: VpDeployment): Promise<void>;
  /** `groupIds`: only the machines sent while in one of these groups (a group admin's). */
  deploymentsSlice(merchantId: string, id: string, req: VpSlice, groupIds?: readonly string[]): Promise<{ items: VpDeployment[]; cursor?: string }>;
  deploymentsCount(merchantId: string, id: string, groupIds?: readonly string[]): Promise<Total>;
  /** What the machines last reported of their configuration; machines that never did are left out. */
  reported(merchantId: string, serials: readonly string[]): Promise<Map<string, ReportedValues>>;
}

import type { Firmware, FirmwareLevel } from '#schemas/firmware';
import type { Total } from '#schemas/paging';

/** A firmware as stored: what the API shows, and the key of its file in the firmware bucket. */
export interface StoredFirmware extends Firmware {
  fileKey: string;
}

export interface FirmwareSlice {
  deviceType?: string;
  ordType: 'asc' | 'desc';
  offset: number;
  limit: number;
  cursor?: string;
}

/** The firmware catalogue (ACCESS-PATTERNS F1–F3). */
export interface FirmwareRepository {
  get(id: string): Promise<StoredFirmware | undefined>;
  list(s: FirmwareSlice): Promise<{ items: StoredFirmware[]; cursor?: string }>;
  count(deviceType?: string): Promise<Total>;
  /** With its version guard (device type, level, version): 'duplicate' when that version is registered. */
  create(f: StoredFirmware): Promise<'created' | 'duplicate'>;
  /** Level and release date, moving the version guard when the level changes; conditional on `previous.updatedAt`. */
  update(previous: StoredFirmware, next: StoredFirmware): Promise<'updated' | 'duplicate' | 'changed'>;
  /** Only while no rule uses it: 'inUse' otherwise, 'missing' when it is gone. */
  delete(f: StoredFirmware): Promise<'deleted' | 'inUse' | 'missing'>;
}

export type { FirmwareLevel };

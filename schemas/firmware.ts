/**
 * Firmware (spec §2 /admin/firmwares, §3: major, minor, patch, build, device type, level, release date): the super
 * admin's catalogue of firmware files, one version per device type and level, which firmware rules roll out.
 */
import * as z from 'zod/mini';
import { DeviceTypeCode } from './collections';
import { Day } from './historical-data';
import { pageQuery, page } from './paging';
import { FileName, ReleaseFile, releaseUploadRequest, UploadId } from './release-file';

export const FIRMWARE_LEVELS = ['Production', 'Beta'] as const;
export const FirmwareLevel = z.enum(FIRMWARE_LEVELS, { error: 'level: Production or Beta' });
export type FirmwareLevel = z.infer<typeof FirmwareLevel>;

/** The largest firmware file (bytes). */
export const FIRMWARE_MAX_BYTES = 256 * 1024 * 1024;

const versionPart = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .check(z.int(`${what} must be a whole number`), z.gte(0, `${what} from 0`), z.lte(65_535, `${what} up to 65535`));
/** Spec §5 "invalid firmware build": a whole number. */
const Build = z.number({ error: 'invalid firmware build: a number' }).check(z.int('invalid firmware build: a whole number'), z.gte(0), z.lte(999_999_999));

export const FirmwareId = z.string().check(z.regex(/^[0-9a-z]{9}-[0-9a-f]{12}$/, 'invalid firmware id'));
export const FirmwareParams = z.strictObject({ id: FirmwareId });

export const FirmwareUploadRequest = releaseUploadRequest(FIRMWARE_MAX_BYTES);

/** POST /firmwares: the version, its device type and level, and the file uploaded before (its upload id). */
export const FirmwareCreate = z.strictObject({
  major: versionPart('major'),
  minor: versionPart('minor'),
  patch: versionPart('patch'),
  build: Build,
  deviceType: DeviceTypeCode,
  level: FirmwareLevel,
  releaseDate: Day,
  uploadId: UploadId,
  fileName: FileName,
});
export type FirmwareCreate = z.infer<typeof FirmwareCreate>;

/** PUT /firmwares/{id}: the level and the release date (the version, device type and file stay). */
export const FirmwareUpdate = z.strictObject({ level: FirmwareLevel, releaseDate: Day });
export type FirmwareUpdate = z.infer<typeof FirmwareUpdate>;

export const Firmware = z.object({
  id: z.string(),
  major: z.number(),
  minor: z.number(),
  patch: z.number(),
  build: z.number(),
  /** `major.minor.patch+build`, as machines report it in their telemetry. */
  version: z.string(),
  deviceType: z.string(),
  level: z.enum(FIRMWARE_LEVELS),
  releaseDate: z.string(),
  file: ReleaseFile,
  /** Firmware rules that roll it out: while any does, it cannot be deleted. */
  rules: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Firmware = z.infer<typeof Firmware>;

export const FirmwarePage = page(Firmware);
export const FirmwareListQuery = pageQuery(['deviceType'] as const, { deviceType: z.optional(DeviceTypeCode) });
export type FirmwareListQuery = z.infer<typeof FirmwareListQuery>;

export const firmwareVersion = (f: Pick<Firmware, 'major' | 'minor' | 'patch' | 'build'>) => `${f.major}.${f.minor}.${f.patch}+${f.build}`;

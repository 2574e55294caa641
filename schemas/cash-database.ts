/**
 * Cash databases (spec §2 /manage/cash-database, §3 "cash database: version; rules"; CASHDB_UPDATE): a merchant's
 * versions of the banknote and coin recognition data of its cash machines (or of one of their peripherals), each
 * with its file, which cash database rules roll out (command 16 to the machine, 18 to a peripheral).
 */
import * as z from 'zod/mini';
import { CASH_DEVICE_TYPES } from './device-types';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';
import { FileName, ReleaseFile, releaseUploadRequest, UploadId } from './release-file';
import { CommandVersion } from './command-version';

/** The largest cash database file (bytes). */
export const CASH_DATABASE_MAX_BYTES = 64 * 1024 * 1024;

export const CashDatabaseDeviceType = z.enum(CASH_DEVICE_TYPES, { error: 'deviceType: a cash machine type' });
/** The peripherals that recognise cash by a database of their own (command 18's `peripheral`). */
export const CASH_DATABASE_PERIPHERALS = ['billValidator', 'coinChanger'] as const;
/** The peripheral whose database it is (command 18), or null for the machine's own (command 16). */
export const CashDatabasePeripheral = z.nullable(z.enum(CASH_DATABASE_PERIPHERALS, { error: 'peripheral: billValidator or coinChanger' }));
/** The version as a command 16 or 18 carries it to the machine. */
export const CashDatabaseVersion = CommandVersion;
const Description = z.string().check(z.trim(), z.maxLength(200, 'at most 200 characters'));

export const CashDatabaseId = z.string().check(z.regex(/^[0-9a-z]{9}-[0-9a-f]{12}$/, 'invalid cash database id'));
export const CashDatabaseParams = z.strictObject({ id: MerchantId, cashDatabaseId: CashDatabaseId });

export const CashDatabaseUploadRequest = releaseUploadRequest(CASH_DATABASE_MAX_BYTES);

/** POST /merchants/{id}/cash-databases: the version, what it is for, and the file uploaded before (its upload id). */
export const CashDatabaseCreate = z.strictObject({
  version: CashDatabaseVersion,
  deviceType: CashDatabaseDeviceType,
  peripheral: z._default(CashDatabasePeripheral, null),
  description: z._default(Description, ''),
  uploadId: UploadId,
  fileName: FileName,
});
export type CashDatabaseCreate = z.infer<typeof CashDatabaseCreate>;

/** PUT /merchants/{id}/cash-databases/{cashDatabaseId}: the description (the version, its target and file stay). */
export const CashDatabaseUpdate = z.strictObject({ description: Description });
export type CashDatabaseUpdate = z.infer<typeof CashDatabaseUpdate>;

export const CashDatabase = z.object({
  id: z.string(),
  merchantId: z.string(),
  version: z.string(),
  deviceType: z.string(),
  peripheral: z.nullable(z.enum(CASH_DATABASE_PERIPHERALS)),
  description: z.string(),
  file: ReleaseFile,
  /** Cash database rules that roll it out: while any does, it cannot be deleted. */
  rules: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
});
export type CashDatabase = z.infer<typeof CashDatabase>;

export const CashDatabasePage = page(CashDatabase);
export const CashDatabaseListQuery = pageQuery(['createdAt'] as const, { deviceType: z.optional(CashDatabaseDeviceType) });
export type CashDatabaseListQuery = z.infer<typeof CashDatabaseListQuery>;

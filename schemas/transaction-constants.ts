/**
 * The fixed values of transactions (transaction.ts, iot.ts), without zod: the core, ingestion and the UI legends
 * read them without bundling the schemas.
 */

/** Spec §3 transaction types a device reports (0 "all" is a list filter, not a record type). */
export const TRANSACTION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 107, 108, 109, 110] as const;
/** Spec §3 media types. 230 web refund and 250 cloud refund are the refunds made in the cloud (type 12). */
export const MEDIA_TYPES = [
  0, 1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 90, 91, 92, 230, 250, 251, 252, 253, 254,
] as const;

/**
 * Where a transaction (and a media it created) came from; the spec does not list them (our choice):
 * 0 unknown, 1 vending machine, 2 recharge station, 3 mobile app, 4 web portal, 5 console (refunds made here).
 */
export const SOURCE_TYPES = [0, 1, 2, 3, 4, 5] as const;
export const SOURCE_TYPE = { unknown: 0, vendingMachine: 1, rechargeStation: 2, mobileApp: 3, webPortal: 4, console: 5 } as const;
export type SourceTypeCode = (typeof SOURCE_TYPES)[number];

/** Spec §3 external service of a media: 0 unknown, 1–5 partners. */
export const EXTERNAL_SERVICES = [0, 1, 2, 3, 4, 5] as const;

/** A media's id as the reader sees it: 8–32 upper-case hex digits. */
export const MEDIA_ID_PATTERN = /^[0-9A-F]{8,32}$/;
/** A media's printed serial: 8–20 upper-case hex digits; all F = unset (spec §3). */
export const MEDIA_SERIAL_PATTERN = /^[0-9A-F]{8,20}$/;
export const isUnsetMediaSerial = (serial: string) => /^F+$/.test(serial);

/**
 * Statistics categories, in the order of the legends. A transaction counts in exactly one: `error` (errorSale)
 * first, then `free` (freeSale), then by type (transactionCategory). Each has a count and a value.
 */
export const STAT_CATEGORIES = ['error', 'free', 'cash', 'media', 'cashless', 'recharges', 'bonus', 'other'] as const;
export type StatCategory = (typeof STAT_CATEGORIES)[number];

const CATEGORY_OF_TYPE: Readonly<Record<number, StatCategory>> = {
  1: 'cashless',
  11: 'cashless',
  13: 'cashless',
  2: 'cash',
  3: 'media',
  4: 'recharges',
  12: 'recharges',
  5: 'bonus',
  6: 'bonus',
};

/** The statistics category of a transaction (refunds are type 12, so they count as recharges). */
export function transactionCategory(t: { type: number; freeSale?: boolean | null; errorSale?: boolean | null }): StatCategory {
  if (t.errorSale) return 'error';
  if (t.freeSale) return 'free';
  return CATEGORY_OF_TYPE[t.type] ?? 'other';
}

/** Statistics periods, in the merchant's time zone (weeks start on Monday). */
export const STATS_PERIODS = ['day', 'week', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The longest range a list, a statistics or an export reads: 366 days (a year and its leap day). */
export const MAX_TRANSACTION_RANGE_DAYS = 366;
/** Without `from`, a list starts this many days before `to` (now). */
export const DEFAULT_TRANSACTION_RANGE_DAYS = 30;

/** Spec §5 {maxResults}: GET /transactions/all answers at most this many; past it 400 MaxResultsExceededException. */
export const MAX_TRANSACTION_RESULTS = 5_000;
/**
 * GET /transactions/csv rows at most: written gzipped as they are read (≈ 2 MB of a Lambda answer's 6 MB); past it 400
 * MaxResultsExceededException pointing to a historical data request, which streams any length to a file.
 */
export const MAX_TRANSACTION_CSV_ROWS = 100_000;
/** Machines one `serials` filter names at most. */
export const MAX_SERIALS_FILTER = 20;

/**
 * The columns of transactions as CSV: GET /transactions/csv and the historical data export (Transactions). Issue 20's
 * columns come after the older ones, so files read by position keep their meaning.
 */
export const TRANSACTION_CSV_COLUMNS = [
  'serial',
  'posName',
  'transactionId',
  'createdAt',
  'type',
  'line',
  'productCode',
  'priceTable',
  'value',
  'currency',
  'mediaType',
  'valueCharge',
  'freeSale',
  'errorSale',
  'savedAt',
  'product',
  'originalTransactionId',
  'mediaId',
  'mediaSerial',
  'mediaCredit',
  'sourceType',
  'sourceSerial',
  'creditCardFileId',
  'externalUserId',
  'groupId',
] as const;

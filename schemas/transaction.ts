/**
 * A merchant's transactions (issue 20 items 1 and 2; spec §2 /transactions/data and /transactions/stats, §3, §7).
 *
 * Routes (group `transactions`, all roles; `merchantId` in the query, the caller's own or, for the super admin, any):
 * - GET /transactions        TransactionPageQuery → TransactionPage (newest first unless ordType=asc)
 * - GET /transactions/all    TransactionFilterQuery → Transaction[] (at most MAX_TRANSACTION_RESULTS; past it
 *                            400 MaxResultsExceededException: narrow the filters or request the historical data)
 * - GET /transactions/csv    TransactionFilterQuery → text/csv, TRANSACTION_CSV_COLUMNS (at most MAX_TRANSACTION_CSV_ROWS)
 * - GET /transactions/used   { merchantId } → TransactionsUsed (filter lists, never reading the transactions)
 * - GET /transactions/stats      TransactionStatsQuery → TransactionStats (from the counters written at ingestion)
 * - GET /transactions/stats/pos  TransactionStatsPosQuery → TransactionStatsByPos
 * A group admin sees only the transactions of its groups' machines (the group that sold: a transaction is not
 * moved when its machine changes group); another merchant's id answers 404 MerchantNotFoundException.
 */
import * as z from 'zod/mini';
import { CurrencyCode } from './currency';
import { MerchantId } from './merchant-summary';
import { numberIn } from './number-enum';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { SERIAL_PATTERN } from './pos-entity';
import { commaList } from './query';
import {
  EXTERNAL_SERVICES,
  MAX_SERIALS_FILTER,
  MAX_TRANSACTION_RANGE_DAYS,
  MEDIA_TYPES,
  SOURCE_TYPES,
  STAT_CATEGORIES,
  STATS_PERIODS,
  TRANSACTION_TYPES,
} from './transaction-constants';

export {
  DEFAULT_TRANSACTION_RANGE_DAYS,
  EXTERNAL_SERVICES,
  MAX_SERIALS_FILTER,
  MAX_TRANSACTION_CSV_ROWS,
  MAX_TRANSACTION_RANGE_DAYS,
  MAX_TRANSACTION_RESULTS,
  MEDIA_TYPES,
  SOURCE_TYPE,
  SOURCE_TYPES,
  STAT_CATEGORIES,
  STATS_PERIODS,
  TRANSACTION_CSV_COLUMNS,
  TRANSACTION_TYPES,
  transactionCategory,
} from './transaction-constants';

const isoInstant = z.iso.datetime({ offset: true });
const oneOf = <T extends number>(values: readonly T[], what: string) => numberIn(values, `unknown ${what}`, true);
const id64 = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'));
const amount = z.coerce.number().check(z.int('must be a whole number (minor units)'), z.gte(-1_000_000_000), z.lte(1_000_000_000));

const rangeDays = (q: { from?: string; to?: string }) => (q.from && q.to ? (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 : 0);

/**
 * The filters of every transaction read. `from` (inclusive) / `to` (exclusive) are ISO instants, at most
 * MAX_TRANSACTION_RANGE_DAYS apart; without `to`: now; without `from`: DEFAULT_TRANSACTION_RANGE_DAYS before `to`.
 */
const filters = {
  merchantId: MerchantId,
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
  /** Machines, comma-joined serials (≤ MAX_SERIALS_FILTER). */
  serials: z.optional(commaList(SERIAL_PATTERN, MAX_SERIALS_FILTER, `serials: up to ${MAX_SERIALS_FILTER} machine serials, comma-separated`)),
  /** The group whose machines sold (a group admin: one of its groups). */
  groupId: z.optional(id64),
  /** Spec §3 transaction type; 0 (all) = no filter. */
  type: z.optional(oneOf([0, ...TRANSACTION_TYPES], 'transaction type')),
  mediaType: z.optional(oneOf(MEDIA_TYPES, 'media type')),
  sourceType: z.optional(oneOf(SOURCE_TYPES, 'source type')),
  productCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))),
  /** Value range in minor units, both inclusive. */
  valueMin: z.optional(amount),
  valueMax: z.optional(amount),
};

const filterChecks = [
  rangeInOrder(),
  z.refine<{ from?: string; to?: string }>((q) => rangeDays(q) <= MAX_TRANSACTION_RANGE_DAYS, {
    message: `the range covers at most ${MAX_TRANSACTION_RANGE_DAYS} days`,
    path: ['from'],
  }),
  z.refine<{ valueMin?: number; valueMax?: number }>((q) => q.valueMin === undefined || q.valueMax === undefined || q.valueMin <= q.valueMax, {
    message: 'valueMin must not be above valueMax',
    path: ['valueMax'],
  }),
] as const;

export const TransactionPageQuery = z.strictObject({ ...newestFirstPaging('createdAt'), ...filters }).check(...filterChecks);
export type TransactionPageQuery = z.infer<typeof TransactionPageQuery>;

/** /transactions/all and /csv: the same filters, in date order (newest first unless ordType=asc). */
export const TransactionFilterQuery = z.strictObject({ ...filters, ordType: z._default(z.enum(['asc', 'desc']), 'desc') }).check(...filterChecks);
export type TransactionFilterQuery = z.infer<typeof TransactionFilterQuery>;

export const TransactionMedia = z.object({
  /** MediaId: the media's unique id as the reader sees it (hex). */
  id: z.string(),
  /** Printed serial (hex); all F = unset. */
  serial: z.string(),
  /** Key credit left after this transaction (minor units). */
  credit: z.nullable(z.number()),
  bonusCredit: z.nullable(z.number()),
  bonusFreeSales: z.nullable(z.number()),
  /** The media's own transaction counter. */
  counter: z.nullable(z.number()),
  externalService: z.nullable(numberIn(EXTERNAL_SERVICES, 'unknown external service')),
});
export type TransactionMedia = z.infer<typeof TransactionMedia>;

export const TransactionSource = z.object({ type: z.number(), serial: z.string() });

/** One transaction (spec §3), with the media and source it came with. */
export const Transaction = z.object({
  /** Unique within the merchant: where it is stored (opaque). */
  id: z.string(),
  /** The device's (or the cloud's) transaction id. */
  transactionId: z.string(),
  /** The machine it was made at; null for a transaction made in the cloud without a machine (web recharge, refund). */
  serial: z.nullable(z.string()),
  /** The machine's name when the transaction was received. */
  posName: z.nullable(z.string()),
  /** The group of the machine when it sold. */
  groupId: z.nullable(z.string()),
  type: z.number(),
  line: z.number(),
  product: z.nullable(z.string()),
  productCode: z.string(),
  priceTable: z.number(),
  /** Minor units of `currency`. */
  value: z.number(),
  currency: CurrencyCode,
  valueCharge: z.nullable(z.number()),
  mediaType: z.number(),
  freeSale: z.boolean(),
  errorSale: z.boolean(),
  /** When the machine made it. */
  createdAt: z.string(),
  /** When the cloud received it. */
  savedAt: z.string(),
  originalTransactionId: z.nullable(z.string()),
  media: z.nullable(TransactionMedia),
  source: z.nullable(TransactionSource),
  creditCardInfo: z.nullable(z.object({ fileId: z.string() })),
  externalServiceInfo: z.nullable(z.object({ userId: z.string() })),
  /** Its statistics category (transaction-constants.ts). */
  category: z.enum(STAT_CATEGORIES),
});
export type Transaction = z.infer<typeof Transaction>;
export const TransactionPage = page(Transaction);
export const Transactions = z.array(Transaction);

export const MerchantScopeQuery = z.strictObject({ merchantId: MerchantId });
export type MerchantScopeQuery = z.infer<typeof MerchantScopeQuery>;

/** The types, media types and source types the merchant's transactions used (ascending), for the filter lists. */
export const TransactionsUsed = z.object({
  types: z.array(z.number()),
  mediaTypes: z.array(z.number()),
  sourceTypes: z.array(z.number()),
});
export type TransactionsUsed = z.infer<typeof TransactionsUsed>;

// ---------------------------------------------------------------- statistics

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'));
const statsRange = {
  merchantId: MerchantId,
  /** First and last day (both inclusive) in the merchant's time zone; default the last 30 days, at most 366. */
  from: z.optional(day),
  to: z.optional(day),
  /** The group whose machines sold (a group admin: one of its groups; without it, all of its groups). */
  groupId: z.optional(id64),
};
const statsChecks = [
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] }),
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_TRANSACTION_RANGE_DAYS, {
    message: `the range covers at most ${MAX_TRANSACTION_RANGE_DAYS} days`,
    path: ['from'],
  }),
] as const;

export const TransactionStatsQuery = z.strictObject({ ...statsRange, period: z._default(z.enum(STATS_PERIODS), 'day') }).check(...statsChecks);
export type TransactionStatsQuery = z.infer<typeof TransactionStatsQuery>;
export const TransactionStatsPosQuery = z.strictObject(statsRange).check(...statsChecks);
export type TransactionStatsPosQuery = z.infer<typeof TransactionStatsPosQuery>;

export const CountValue = z.object({ count: z.number(), value: z.number() });
/** Count and value (minor units) per category; `other` counts only (its value is 0). */
export const StatsFigures = z.object({
  error: CountValue,
  free: CountValue,
  cash: CountValue,
  media: CountValue,
  cashless: CountValue,
  recharges: CountValue,
  bonus: CountValue,
  other: CountValue,
});
export type StatsFigures = z.infer<typeof StatsFigures>;

/** Statistics by period: one entry per day, week (from Monday) or month of the range, empty ones included. */
export const TransactionStats = z.object({
  currency: z.string(),
  timezone: z.string(),
  period: z.enum(STATS_PERIODS),
  from: z.string(),
  to: z.string(),
  totals: StatsFigures,
  /** `start`: the period's first day inside the range. */
  periods: z.array(z.object({ start: z.string(), figures: StatsFigures })),
});
export type TransactionStats = z.infer<typeof TransactionStats>;

/** Statistics by machine over the range: machines that sold in it, by name. */
export const TransactionStatsByPos = z.object({
  currency: z.string(),
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  totals: StatsFigures,
  machines: z.array(z.object({ serial: z.string(), posName: z.string(), groupId: z.nullable(z.string()), figures: StatsFigures })),
});
export type TransactionStatsByPos = z.infer<typeof TransactionStatsByPos>;

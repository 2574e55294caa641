/**
 * Cashless media (issue 20 items 3 and 4; spec §3 media, §4 media states and actions, §5 refunds, §7 media calls).
 *
 * Routes (group `medias`; `merchantId` in the query for the super admin, else the caller's):
 * - GET  /medias                          all roles          MediaListQuery → MediaPage
 * - GET  /medias/all                      all roles          MediaAllQuery → Media rows (≤ MAX_MEDIA_RESULTS, past it 400 MediaExportTooLargeException)
 * - GET  /medias/used-types               all roles          ?merchantId → MediaTypesUsed
 * - GET  /medias/{mediaId}                all roles          → MediaDetail
 * - GET  /medias/{mediaId}/transactions   all roles          MediaTransactionsQuery → TransactionPage (schemas/transaction.ts)
 * - GET  /medias/{mediaId}/refunds        all roles          MediaTransactionsQuery → TransactionPage (media types 230/250)
 * - POST /medias/{mediaId}/refund         NOT_MERCHANT_USER  RefundInput, Idempotency-Key → RefundResult
 * - POST /medias/{mediaId}/refund-machine NOT_MERCHANT_USER  RefundMachineInput, Idempotency-Key → RefundResult
 * - POST /medias/batch-refund             NOT_MERCHANT_USER  BatchRefundInput, Idempotency-Key → BatchRefundResult
 * - POST /medias/validate-serials         NOT_MERCHANT_USER  ValidateSerialsInput → SerialValidation
 * - POST /medias/{mediaId}/lost-my-key    NOT_MERCHANT_USER  LostMyKeyInput → MediaDetail (the old media, status 2)
 * - POST /medias/{mediaId}/block | /unblock | /unblock-tokens  NOT_MERCHANT_USER → MediaDetail
 * Another merchant's media: 404 MediaNotFoundException.
 *
 * Credit: `keyCredit` is what the key held after its last transaction at a machine (the machine reports it);
 * `cloudCredit` is credit the cloud holds for the media (refunds) until a machine pays it onto the key (a type 12
 * transaction of that media reported by a machine); `credit` = keyCredit + cloudCredit. A refund at a machine
 * holds the cloud credit for that machine only (`cloudCreditDevice`). `tokensBlocked`: a machine reported paying
 * more cloud credit than the media held (two machines paid it offline); no machine is offered its cloud credit
 * until a user unblocks the tokens.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { numberIn } from './number-enum';
import { newestFirstPaging, page, pageNumber, pageSize, cursorParam, rangeInOrder } from './paging';
import { Serial } from './pos-entity';
import { queryFlag } from './query';
import { MEDIA_TYPES } from './transaction-constants';
import { Transaction } from './transaction';
import { idempotencyKeyHeader } from './idempotency';
import { EXTERNAL_SERVICES, MEDIA_ACTIONS, MEDIA_ID_PATTERN, MEDIA_SERIAL_PATTERN, MEDIA_STATUSES } from './media-constants';

export {
  CLOUD_REFUND_MEDIA_TYPE,
  EXTERNAL_SERVICES,
  MAX_BATCH_REFUND_MEDIAS,
  MAX_MEDIA_ACTIONS,
  MAX_MEDIA_RESULTS,
  MEDIA_ACTIONS,
  MEDIA_DAYS,
  MEDIA_STATUS,
  MEDIA_STATUSES,
  REFUND_MEDIA_TYPES,
  WEB_REFUND_MEDIA_TYPE,
  isUnsetMediaSerial,
} from './media-constants';

const oneOf = <T extends number>(values: readonly T[], what: string, coerce = false) => numberIn(values, `unknown ${what}`, coerce);
const isoInstant = z.iso.datetime({ offset: true });

/** MediaId as a path or body value: hex, read upper-cased. */
export const MediaIdValue = z.string().check(z.trim(), z.toUpperCase(), z.regex(MEDIA_ID_PATTERN, 'MediaId must be 8–32 hexadecimal digits'));
export const MediaSerialValue = z.string().check(z.trim(), z.toUpperCase(), z.regex(MEDIA_SERIAL_PATTERN, 'media serial must be 8–20 hexadecimal digits'));
export const MediaParams = z.strictObject({ mediaId: MediaIdValue });

export const MediaStatus = oneOf(MEDIA_STATUSES, 'media status');
export const ExternalService = oneOf(EXTERNAL_SERVICES, 'external service');

/** One entry of a media's action history: who did what, when. */
export const MediaAction = z.object({
  action: z.enum(MEDIA_ACTIONS),
  at: z.string(),
  userId: z.string(),
  email: z.string(),
  /** Refunds: the amount (minor units); lost-my-key and creditReceived: the credit moved. */
  amount: z.optional(z.number()),
  /** Refund at a machine: the machine. */
  device: z.optional(z.string()),
  /** Lost-my-key: the new media (on the old one) or the old one (on the new one, `creditReceived`). */
  otherMediaId: z.optional(z.string()),
  transactionId: z.optional(z.string()),
});
export type MediaAction = z.infer<typeof MediaAction>;

/** The fields of a media that name a machine (a group admin sees them only for machines of its groups). */
export const MEDIA_MACHINE_FIELDS = ['device', 'sourceSerial', 'cloudCreditDevice'] as const;

/** A media as listed (spec §3). Money in minor units of the merchant's currency. */
export const Media = z.object({
  mediaId: z.string(),
  merchantId: z.string(),
  /** The printed serial; all `F` = unset. */
  serial: z.string(),
  mediaType: z.number(),
  status: MediaStatus,
  credit: z.number(),
  keyCredit: z.number(),
  cloudCredit: z.number(),
  /** The machine a refund at a machine holds the cloud credit for (null: any machine of the merchant). */
  cloudCreditDevice: z.nullable(z.string()),
  tokensBlocked: z.boolean(),
  bonusCredit: z.number(),
  bonusFreeSales: z.number(),
  lastCounter: z.nullable(z.number()),
  lastUsedAt: z.nullable(z.string()),
  sourceType: z.number(),
  sourceSerial: z.nullable(z.string()),
  externalService: z.number(),
  /** The machine the media was last used at. */
  device: z.nullable(z.string()),
  sapCode: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  /** Lost-my-key: the media that replaced this one, and the one this one replaced. */
  replacedBy: z.nullable(z.string()),
  replaces: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * For a group admin: the fields naming a machine outside its groups, answered null (a machine it cannot see
   * anywhere else). Absent when nothing is withheld.
   */
  withheld: z.optional(z.array(z.enum(MEDIA_MACHINE_FIELDS))),
});
export type Media = z.infer<typeof Media>;

/** Sales and recharges of the last 30 UTC days (count and value). */
export const MediaFigures = z.object({ sales: z.number(), salesValue: z.number(), recharges: z.number(), rechargesValue: z.number() });
export type MediaFigures = z.infer<typeof MediaFigures>;

/** GET /medias/{mediaId}: the media, its last 30 days and its action history (newest first, ≤ MAX_MEDIA_ACTIONS). */
export const MediaDetail = z.object({
  ...Media.shape,
  last30Days: MediaFigures,
  /**
   * What `last30Days` counts: the media's use at every machine of the merchant (a key works at all of them; the
   * figures are kept per media and day, not per machine). Said to a group admin, whose groups hold only some of them.
   */
  last30DaysScope: z.optional(z.literal('merchant')),
  actions: z.array(MediaAction),
});
export type MediaDetail = z.infer<typeof MediaDetail>;

const filters = {
  /** Start of the printed serial (≥ 3 hex digits, spec §5 search minimum). */
  search: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[0-9A-F]{3,20}$/, 'search: 3–20 hexadecimal digits of the serial'))),
  mediaType: z.optional(oneOf(MEDIA_TYPES, 'media type', true)),
  status: z.optional(oneOf(MEDIA_STATUSES, 'media status', true)),
  /** Total credit range, minor units. */
  creditMin: z.optional(z.coerce.number().check(z.int('creditMin must be a whole number'))),
  creditMax: z.optional(z.coerce.number().check(z.int('creditMax must be a whole number'))),
  /** `true`: only medias of a customer; `false`: only medias of none. */
  hasCustomer: z.optional(queryFlag),
};
const creditInOrder = z.refine<{ creditMin?: number; creditMax?: number }>(
  (q) => q.creditMin === undefined || q.creditMax === undefined || q.creditMin <= q.creditMax,
  {
    message: 'creditMin must not be above creditMax',
    path: ['creditMax'],
  },
);

/** Orders: last use (default, newest first) or printed serial. */
export const MEDIA_ORDERS = ['lastUsedAt', 'serial'] as const;

export const MediaListQuery = z
  .strictObject({
    merchantId: MerchantId,
    page: z._default(pageNumber, 1),
    size: z._default(pageSize, 20),
    ord: z._default(z.enum(MEDIA_ORDERS), 'lastUsedAt'),
    ordType: z._default(z.enum(['asc', 'desc']), 'desc'),
    cursor: z.optional(cursorParam),
    ...filters,
  })
  .check(creditInOrder);
export type MediaListQuery = z.infer<typeof MediaListQuery>;
export const MediaPage = page(Media);

export const MediaAllQuery = z
  .strictObject({
    merchantId: MerchantId,
    ord: z._default(z.enum(MEDIA_ORDERS), 'lastUsedAt'),
    ordType: z._default(z.enum(['asc', 'desc']), 'desc'),
    ...filters,
  })
  .check(creditInOrder);
export type MediaAllQuery = z.infer<typeof MediaAllQuery>;
export const MediaList = z.array(Media);

export const MerchantQuery = z.strictObject({ merchantId: MerchantId });

/** The media types the merchant's medias have (written at ingestion, never by reading the medias). */
export const MediaTypesUsed = z.object({ mediaTypes: z.array(z.number()) });
export type MediaTypesUsed = z.infer<typeof MediaTypesUsed>;

/** A media's transactions or refunds: newest first, optional range (`from` inclusive, `to` exclusive). */
export const MediaTransactionsQuery = z
  .strictObject({ merchantId: MerchantId, ...newestFirstPaging('createdAt'), from: z.optional(isoInstant), to: z.optional(isoInstant) })
  .check(rangeInOrder());
export type MediaTransactionsQuery = z.infer<typeof MediaTransactionsQuery>;

// ---------------------------------------------------------------- refunds and actions

/** A refund in minor units: a whole number above zero (and below the merchant's maximum refund: checked by the core). */
export const RefundAmount = z
  .number()
  .check(z.int('refund must be a whole number'), z.gt(0, 'refund must be greater than zero'), z.lte(100_000_000, 'refund is too large'));

/** Refund POSTs take an Idempotency-Key header: a retried POST refunds once. */
export const RefundHeaders = z.object({ 'idempotency-key': idempotencyKeyHeader });

export const RefundInput = z.strictObject({ refund: RefundAmount });
export type RefundInput = z.infer<typeof RefundInput>;
/** A refund collected only at one machine of the merchant. */
export const RefundMachineInput = z.strictObject({ refund: RefundAmount, device: Serial });
export type RefundMachineInput = z.infer<typeof RefundMachineInput>;

/** The refund's transaction and the media after it. */
export const RefundResult = z.object({ transaction: Transaction, media: MediaDetail });
export type RefundResult = z.infer<typeof RefundResult>;

/**
 * Printed serials of a batch: 1 … MAX_BATCH_REFUND_MEDIAS (past it 400 BatchRefundMaximumException; the
 * schema takes a few more so that the core answers with that code).
 */
const MediaSerials = z.array(MediaSerialValue).check(z.minLength(1, 'give at least one media serial'), z.maxLength(10_000, 'too many media serials'));

export const BatchRefundInput = z.strictObject({ mediaSerials: MediaSerials, refund: RefundAmount, device: z.optional(Serial) });
export type BatchRefundInput = z.infer<typeof BatchRefundInput>;

/** Why a serial of a batch was not refunded. */
export const BATCH_SKIP_REASONS = ['unknown', 'ambiguous', 'repeated', 'blocked', 'lostKey', 'aboveMaximumRefund', 'otherDevice'] as const;

export const BatchRefundResult = z.object({
  refunded: z.array(z.object({ serial: z.string(), mediaId: z.string(), transactionId: z.string(), cloudCredit: z.number() })),
  skipped: z.array(z.object({ serial: z.string(), reason: z.enum(BATCH_SKIP_REASONS) })),
});
export type BatchRefundResult = z.infer<typeof BatchRefundResult>;

export const ValidateSerialsInput = z.strictObject({ mediaSerials: MediaSerials });
export type ValidateSerialsInput = z.infer<typeof ValidateSerialsInput>;

/** Which serials exist (and are refundable), which are blocked or lost, which repeat, which no media has (or several do). */
export const SerialValidation = z.object({
  valid: z.array(z.object({ serial: z.string(), mediaId: z.string() })),
  blocked: z.array(z.object({ serial: z.string(), mediaId: z.string(), status: MediaStatus })),
  repeated: z.array(z.string()),
  unknown: z.array(z.string()),
  /** Serials several medias carry (e.g. unset, all F): not refundable by serial. */
  ambiguous: z.array(z.string()),
});
export type SerialValidation = z.infer<typeof SerialValidation>;

/** Lost-my-key: the new registered media that receives the old one's remaining credit. */
export const LostMyKeyInput = z.strictObject({ MediaId: MediaIdValue });
export type LostMyKeyInput = z.infer<typeof LostMyKeyInput>;

// ---------------------------------------------------------------- cloud → device: the media list

/**
 * What a machine must know offline, published on `vend/{serial}/medias` (media-constants mediaListTopic) when a
 * ping says it holds an older `mediaListVersion`: the merchant's blocked and lost media, and cloud credit waiting
 * (for any machine, or for this one). Chunked so each message stays under 64 KB; `part`/`parts` number them.
 */
export const MediaListEntry = z.object({
  mediaId: z.string(),
  status: MediaStatus,
  /** Cloud credit this machine may pay onto the key (0 when none, or when the tokens are blocked). */
  cloudCredit: z.number(),
});
export const MediaListMessage = z.object({
  messageId: z.string(),
  serial: z.string(),
  sentAt: z.string(),
  type: z.literal('mediaList'),
  payload: z.object({ version: z.number(), part: z.number(), parts: z.number(), entries: z.array(MediaListEntry) }),
});
export type MediaListMessage = z.infer<typeof MediaListMessage>;

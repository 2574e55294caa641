/**
 * What a machine reported, read back: its audits (with the EVA-DTS text and the cash figures read from
 * it) and its transactions. Items are stored by ingestion (schemas/iot.ts) in the machine's partition.
 */
import * as z from 'zod/mini';
import { AUDIT_INTEGRITIES } from './pos-history-constants';
import { numberIn } from './number-enum';
import { CurrencyCode } from './currency';
import { AUDIT_ORIGINS, AUDIT_PORTS } from './iot-constants';
import { TRANSACTION_TYPES } from './transaction-constants';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { Serial } from './pos-entity';
import { TransactionMedia, TransactionSource } from './transaction';

const isoInstant = z.iso.datetime({ offset: true });
const oneOf = <T extends number>(values: readonly T[], what: string) => numberIn(values, `unknown ${what}`, true);

/** A date range of a history list: ISO instants, `from` inclusive, `to` exclusive, both optional. */
const range = {
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
};

const historyPaging = <const O extends string>(ord: O) => ({ ...newestFirstPaging(ord), ...range });

// ---------------------------------------------------------------- audits

/** An audit's id: base64url of `{readAt}#{messageId}`, its sort key in the machine's partition after `AUDIT#`. */
export const AuditId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,160}$/, 'invalid audit id'));
export const AuditParams = z.strictObject({ id: Serial, auditId: AuditId });

export const AuditListQuery = z.strictObject({ ...historyPaging('readAt'), origin: z.optional(oneOf(AUDIT_ORIGINS, 'audit origin')) }).check(rangeInOrder());
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export { AUDIT_INTEGRITIES } from './pos-history-constants';
/** Whether the text arrived whole (pos-history-constants.ts). */
export const AuditIntegrity = z.enum(AUDIT_INTEGRITIES);
export type AuditIntegrity = z.infer<typeof AuditIntegrity>;

export const AuditSummary = z.object({
  id: z.string(),
  readAt: z.string(),
  origin: z.number(),
  port: z.enum(AUDIT_PORTS),
  /** Whether the EVA-DTS text was sent (it can be downloaded). */
  hasDex: z.boolean(),
  /** Whether that text arrived whole; null without text or for an audit stored before it was checked. */
  integrity: z.nullable(AuditIntegrity),
  receivedAt: z.string(),
});
export type AuditSummary = z.infer<typeof AuditSummary>;
export const AuditPage = page(AuditSummary);

/**
 * A counter EVA-DTS keeps twice: since the machine was initialised, and since the last reset (collection).
 * A group the machine did not send is null; inside a sent group an empty element is unknown (null), never 0.
 */
const Twice = <T extends z.core.$ZodType>(t: T) => z.object({ sinceInit: z.nullable(t), sinceReset: z.nullable(t) });
const counter = z.nullable(z.number());
const ValueCount = z.object({ value: counter, count: counter });
const CashIn = z.object({ total: counter, toBox: counter, toTubes: counter, bills: counter });
const Dispensed = z.object({ value: counter, manual: counter });

/**
 * The cash figures of one audit's EVA-DTS text. Amounts are integers in the audit's minor units
 * (`decimals`, ID4); a segment the machine did not send is null.
 */
export const AuditCash = z.object({
  /** ID1: the serial the machine's controller reports (not the telemetry board's). */
  machineSerial: z.nullable(z.string()),
  /** ID4: the currency (ISO 4217 letters when known, else the code as sent) and its decimal places. */
  currency: z.nullable(z.string()),
  decimals: z.nullable(z.number()),
  /** ID5, else EA302/EA303: the machine's local date and time of the read, `YYYY-MM-DDTHH:MM:SS` (no zone). */
  machineTime: z.nullable(z.string()),
  /** CA2 */
  cashSales: Twice(ValueCount),
  /** VA1 / VA3 */
  paidVends: Twice(ValueCount),
  freeVends: Twice(ValueCount),
  /** CA3: cash in, to the cash box, to the tubes, bills (CA309/CA310 when sent, else CA304/CA308). */
  cashIn: Twice(CashIn),
  /** CA4: dispensed as change, and manually (tube emptying). */
  dispensed: Twice(Dispensed),
  /** CA8 */
  overpay: Twice(z.number()),
  /** CA10 */
  manualFill: Twice(z.number()),
  /** CA15: value of the coins in the tubes; the sum of CA17 when CA15 is missing (null when a count is unknown). */
  tubeContents: z.nullable(z.number()),
  /** CA17: coins in each tube. */
  tubes: z.array(z.object({ coinType: z.number(), value: z.number(), count: counter })),
  /** Lines that could not be read (bad fields, unknown framing): the rest is still used. */
  unreadLines: z.number(),
});
export type AuditCash = z.infer<typeof AuditCash>;

const CountValue = z.object({ count: counter, value: counter });
const localTime = z.nullable(z.string());

/** A cashless device (DA* cashless 1, DB* cashless 2). */
const Cashless = z.object({
  /** DA101/DA102 */
  serial: z.nullable(z.string()),
  model: z.nullable(z.string()),
  /** DA2: cashless sales. */
  sales: Twice(ValueCount),
  /** DA4: credit added to cards (revalue). */
  revalue: Twice(z.number()),
});

/**
 * What an audit says beyond cash, read from the same EVA-DTS text (stored as the audit's `evaDts`), for the
 * stock and price reconciliation: products, sales per payment device and price list, price lists, cashless
 * devices, events.
 */
export const AuditEvaDts = z.object({
  integrity: AuditIntegrity,
  crcByteReversed: z.boolean(),
  /** PA1 with its PA2 (paid) and PA4 (free) vends. `product` is the selection as the machine names it. */
  products: z.array(
    z.object({
      product: z.string(),
      price: counter,
      /** PA103 */
      productId: z.nullable(z.string()),
      /** PA107–PA109 */
      status: z.nullable(z.string()),
      level: counter,
      minLevel: counter,
      paid: Twice(CountValue),
      free: Twice(CountValue),
    }),
  ),
  /** PA7: sales of a product through a payment device (CA cash, DA cashless 1, DB cashless 2, …) at a price list. */
  productSales: z.array(z.object({ product: z.string(), device: z.string(), priceList: counter, price: counter, sales: Twice(CountValue) })),
  /** LA1: a product's price in a price list and its vends. */
  priceLists: z.array(z.object({ priceList: z.number(), product: z.string(), price: counter, vends: Twice(z.number()) })),
  cashless1: z.nullable(Cashless),
  cashless2: z.nullable(Cashless),
  /** EA1: the event log (EA101 event, EA102/EA103 local date and time, EA104 duration in minutes). */
  eventLog: z.array(z.object({ event: z.string(), at: localTime, duration: counter })),
  /** EA2: how often each event happened. */
  eventCounts: z.array(z.object({ event: z.string(), count: Twice(z.number()) })),
  /** EA3: reads with reset since initialisation (EA301), this read (EA302/303) and the previous one (EA305/306). */
  reads: z.nullable(z.object({ withReset: counter, at: localTime, previousAt: localTime })),
  /** EA7: power outages. */
  powerOutages: Twice(z.number()),
  /** The lists above were too long to store beside the text (ingestion's MAX_AUDIT_DETAILS_CHARS): read the text again. */
  detailsOmitted: z.boolean(),
});
export type AuditEvaDts = z.infer<typeof AuditEvaDts>;

export const CashQuery = z.strictObject(range).check(rangeInOrder());
export type CashQuery = z.infer<typeof CashQuery>;

/** One point of the cash box evolution: the cash box (CA3 to box since reset) and the tubes at a read. */
export const CashPoint = z.object({
  auditId: z.string(),
  readAt: z.string(),
  cashBox: z.nullable(z.number()),
  tubeContents: z.nullable(z.number()),
});
export type CashPoint = z.infer<typeof CashPoint>;

/** GET /pos/{id}/cash: the latest audit with EVA-DTS text (null when none has it) and the series in the range. */
export const CashView = z.object({
  latest: z.nullable(z.object({ auditId: z.string(), readAt: z.string(), cash: AuditCash })),
  series: z.array(CashPoint),
});
export type CashView = z.infer<typeof CashView>;

// ---------------------------------------------------------------- transactions

export const TransactionListQuery = z
  .strictObject({
    ...historyPaging('createdAt'),
    /** Spec §3 transaction type; 0 (all) = no filter. */
    type: z.optional(oneOf([0, ...TRANSACTION_TYPES], 'transaction type')),
  })
  .check(rangeInOrder());
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;

export const PosTransaction = z.object({
  transactionId: z.string(),
  createdAt: z.string(),
  type: z.number(),
  line: z.number(),
  productCode: z.string(),
  priceTable: z.number(),
  /** Minor units of `currency`. */
  value: z.number(),
  currency: CurrencyCode,
  mediaType: z.number(),
  valueCharge: z.optional(z.number()),
  freeSale: z.optional(z.boolean()),
  errorSale: z.optional(z.boolean()),
  /** Issue 20's fields, when the machine sent them (savedAt and posName: the cloud's, on sales stored since). */
  product: z.optional(z.string()),
  savedAt: z.optional(z.string()),
  posName: z.optional(z.string()),
  originalTransactionId: z.optional(z.string()),
  media: z.optional(TransactionMedia),
  source: z.optional(TransactionSource),
  creditCardInfo: z.optional(z.object({ fileId: z.string() })),
  externalServiceInfo: z.optional(z.object({ userId: z.string() })),
});
export type PosTransaction = z.infer<typeof PosTransaction>;
export const PosTransactionPage = page(PosTransaction);

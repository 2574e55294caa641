/** A machine's prices: its lines, prices and their sync, the changes of one machine, the ERP's (the routes: prices.ts). */
import * as z from 'zod/mini';
import { CurrencyCode } from './currency';
import { newestFirstPaging, page } from './paging';
import { SELECTION_PATTERN } from './planogram-constants';
import { API_TOKEN_HEADER, MAX_PRICE, PRICE_ACTIONS, PRICE_ORIGINS, PRICE_SYNC_STATES } from './prices-constants';

export * from './prices-constants';

/** A whole number in [min, max], the messages naming `what`. */
export const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number()
    .check(z.int(`${what} must be a whole number`), z.minimum(min, `${what} must be at least ${min}`), z.maximum(max, `${what} must be at most ${max}`));

/** A version as the caller saw it (0: no prices were ever set). */
export const VersionSeen = wholeNumber(0, Number.MAX_SAFE_INTEGER, 'version');

export const PriceSyncState = z.enum(PRICE_SYNC_STATES);
export const PriceOrigin = z.enum(PRICE_ORIGINS);
export const PriceAction = z.enum(PRICE_ACTIONS);

/** One price: a line (the planogram's selection, as the machine reports it in EVA-DTS), a table 1–8, a value in minor units. */
export const PriceEntry = z.strictObject({
  line: z.string().check(z.regex(SELECTION_PATTERN, 'line must be a selection of 1–8 letters or digits')),
  priceTable: wholeNumber(1, 8, 'price table'),
  value: wholeNumber(0, MAX_PRICE, 'price'),
});
export type PriceEntry = z.infer<typeof PriceEntry>;

/** At most 8 tables of every line of the largest planogram (200 lines); a line and table once. */
export const PriceEntries = z.array(PriceEntry).check(
  z.maxLength(1_600, 'at most 1600 prices'),
  z.superRefine((prices, ctx) => {
    const seen = new Set<string>();
    prices.forEach((p, i) => {
      const key = `${p.line.toUpperCase()}*${p.priceTable}`;
      if (seen.has(key)) ctx.issues.push({ code: 'custom', message: 'this line and price table are repeated', path: [i, 'priceTable'], input: p.priceTable });
      seen.add(key);
    });
  }),
);

/** A line of the machine's planogram, for the grid: its selection and product. */
export const PriceLine = z.object({ selection: z.string(), productId: z.string(), productName: z.nullable(z.string()) });
export type PriceLine = z.infer<typeof PriceLine>;

/** The send in flight: remote command 12 with the prices of `version`, until the machine answers. */
export const PriceSending = z.object({ commandId: z.string(), version: z.number(), sentAt: z.string(), sentBy: z.string() });
export type PriceSending = z.infer<typeof PriceSending>;

/** GET /pos/{id}/prices and the answer of every change. */
export const PosPrices = z.object({
  serial: z.string(),
  merchantId: z.string(),
  /** Null: the machine has no planogram, so no lines and no prices to set. */
  planogramId: z.nullable(z.string()),
  currency: CurrencyCode,
  /** Decimals of the currency (spec §9): values are integers in its minor units. */
  decimals: z.number(),
  lines: z.array(PriceLine),
  /** The saved prices (what a send sends); entries of lines no longer in the planogram are left out. */
  prices: z.array(PriceEntry),
  version: z.number(),
  /** Null while no prices were ever set. */
  status: z.nullable(PriceSyncState),
  origin: z.nullable(PriceOrigin),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  /** When and by whom (the sender, the ERP API, or `device`) the machine was last known to run its prices. */
  lastSyncAt: z.nullable(z.string()),
  lastSyncBy: z.nullable(z.string()),
  /** The prices the machine runs as of the last sync (null: never synced). */
  syncedPrices: z.nullable(z.array(PriceEntry)),
  sending: z.nullable(PriceSending),
});
export type PosPrices = z.infer<typeof PosPrices>;

/** PUT /pos/{id}/prices: the whole price set (every line and table the machine should have), at the version the caller edited. */
export const PricesSave = z.strictObject({ version: VersionSeen, prices: PriceEntries });
export type PricesSave = z.infer<typeof PricesSave>;

/**
 * POST /pos/{id}/prices/send: the version the caller saved and, when it has an editor open, the prices it
 * shows; unsaved edits (prices differing from the saved ones) or a newer save by someone else → 409
 * SavePricesBeforeSendingException. The server sends what is saved, never the body's prices.
 */
export const PricesSend = z.strictObject({ version: VersionSeen, prices: z.optional(PriceEntries) });
export type PricesSend = z.infer<typeof PricesSend>;

/** POST /pos/{id}/prices/cancel: the version the caller saw. */
export const PricesCancel = z.strictObject({ version: VersionSeen });
export type PricesCancel = z.infer<typeof PricesCancel>;

/** One version of a machine's prices (GET /pos/{id}/historical-prices). */
export const PriceVersion = z.object({
  version: z.number(),
  prices: z.array(PriceEntry),
  origin: PriceOrigin,
  action: PriceAction,
  at: z.string(),
  by: z.string(),
});
export type PriceVersion = z.infer<typeof PriceVersion>;
export const PriceVersionPage = page(PriceVersion);
export const PriceHistoryQuery = z.strictObject(newestFirstPaging('version'));
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuery>;

/** PUT /erp/pos/{id}/prices: the whole price set; `version`, when given, must be the current one (else 409). */
export const ErpPricesSave = z.strictObject({ prices: PriceEntries, version: z.optional(VersionSeen) });
export type ErpPricesSave = z.infer<typeof ErpPricesSave>;
export const ErpHeaders = z.object({ [API_TOKEN_HEADER]: z.optional(z.string().check(z.maxLength(200))) });

/** The saved prices and whether they went to the machine at once (IMMEDIATE and no send of prices pending). */
export const ErpPricesResult = z.object({ ...PosPrices.shape, sent: z.boolean() });
export type ErpPricesResult = z.infer<typeof ErpPricesResult>;

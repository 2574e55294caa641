/**
 * Prices of a machine (issue 19 item 5; spec §3 price tables and sync, §4 saved / sent / cancelled, §5 save
 * before sending, §8 errors and toasts). Money is an integer in minor units of the merchant's currency
 * (spec §9: zero decimals for COP, CLP, UYU, PYG, CZK: `decimals` in the answer says which).
 *
 * A machine's lines are its planogram's selections (a machine without a planogram has no prices to set). Each
 * line has up to 8 price tables (1 cash1 … 8 cash2); a price is one entry `{ line, priceTable, value }`, the
 * shape remote command 12 'sendPrices' carries. Every change makes a new `version` (1, 2, …; 0 = never set):
 * a save, a cancel and a send name the version they saw, so of two concurrent changes one wins and the other
 * gets 409 PricesChangedConcurrentlyException.
 *
 * Routes (group `prices`; reads for every role, changes for super admin, merchant admin and group admin, a
 * group admin only on its groups' machines; another merchant's machine or an unknown one → 404
 * PosNotFoundException):
 * - GET  /pos/{id}/prices                       → PosPrices. all roles.
 * - PUT  /pos/{id}/prices            PricesSave → PosPrices: a new version, status pending (who, when).
 *        400 ValidationException naming the field (body.prices.N.value negative or not an integer,
 *        body.prices.N.priceTable outside 1–8, body.prices.N.line not a selection of the planogram, a line and
 *        table twice); 409 PricesChangedConcurrentlyException (version), PosWithoutPlanogramException.
 * - POST /pos/{id}/prices/send       PricesSend → PosPrices with `sending`: remote command 12 with the SAVED
 *        prices. 409 SavePricesBeforeSendingException when the caller's version is not the saved one, or the
 *        prices it shows differ from the saved ones, or nothing is saved yet; 409 RemoteCommandPendingException
 *        (a send of prices already pending); 413 MessageTooLargeException (the command's message exceeds 64 KB);
 *        503 RemoteCommandSendException.
 * - POST /pos/{id}/prices/cancel     PricesCancel → PosPrices: back to the last synced prices (a new version,
 *        status sync). 409 PricesChangedConcurrentlyException, NoSyncedPricesException (never synced).
 * - GET  /pos/{id}/historical-prices?page&size&cursor → PriceVersionPage: every version, newest first. all roles.
 * - POST /prices/bulk/preview        BulkPriceChange → BulkPricePreview: the machines whose current price differs.
 * - POST /prices/bulk                BulkPriceApply → BulkPriceResult: each listed machine saved as by PUT, one
 *        outcome per machine. Both: 400 TooManyBulkMachinesException (more than MAX_BULK_MACHINES machines,
 *        body.target), 404 ProductNotFoundException (body.productId), PlanogramNotFoundException
 *        (body.target.planogramId), GroupNotFoundException (body.target.groupId), PosNotFoundException
 *        (body.target.serials.N), MerchantNotFoundException.
 * - PUT  /erp/pos/{id}/prices        ErpPricesSave, header x-api-token → ErpPricesResult. Not Cognito: the
 *        merchant's API token (merchant settings) of the machine's merchant, compared in constant time and never
 *        logged; a missing or wrong token, or an unknown machine → 401 UnauthorizedException; the merchant's
 *        ERP API switched off (super-admin settings) → 403 ErpApiNotEnabledException. Saves like PUT (origin
 *        erpApi, "via ERP API") and, when the merchant's prices sync is IMMEDIATE, sends at once (unless a send
 *        is already pending: then `sent` is false and the prices stay pending). Same 400/409/413 as PUT and send.
 *
 * Sync: IMMEDIATE → the machine's success acknowledgement of the command makes it sync; AFTER_AUDIT → only an
 * audit whose LA1 records (price list = price table, product = selection) equal the sent prices. An audit whose
 * LA1 prices differ from everything the cloud sent or saved becomes a new version (origin device: "modified in
 * device") that the machine runs, so it is sync.
 */
import * as z from 'zod/mini';
import { CurrencyCode } from './collections';
import { GroupId } from './group';
import { MerchantId } from './merchant';
import { newestFirstPaging, page } from './paging';
import { SELECTION_PATTERN } from './planogram';
import { Serial } from './pos';
import { API_TOKEN_HEADER, MAX_BULK_MACHINES, MAX_PRICE, PRICE_ACTIONS, PRICE_ORIGINS, PRICE_SYNC_STATES } from './prices-constants';
import { ProductId } from './product';

export * from './prices-constants';

const int = (min: number, max: number, what: string) =>
  z.number().check(z.int(`${what} must be a whole number`), z.minimum(min, `${what} must be at least ${min}`), z.maximum(max, `${what} must be at most ${max}`));

/** A version as the caller saw it (0: no prices were ever set). */
const Version = int(0, Number.MAX_SAFE_INTEGER, 'version');

export const PriceSyncState = z.enum(PRICE_SYNC_STATES);
export const PriceOrigin = z.enum(PRICE_ORIGINS);
export const PriceAction = z.enum(PRICE_ACTIONS);

/** One price: a line (the planogram's selection, as the machine reports it in EVA-DTS), a table 1–8, a value in minor units. */
export const PriceEntry = z.strictObject({
  line: z.string().check(z.regex(SELECTION_PATTERN, 'line must be a selection of 1–8 letters or digits')),
  priceTable: int(1, 8, 'price table'),
  value: int(0, MAX_PRICE, 'price'),
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
export const PricesSave = z.strictObject({ version: Version, prices: PriceEntries });
export type PricesSave = z.infer<typeof PricesSave>;

/**
 * POST /pos/{id}/prices/send: the version the caller saved and, when it has an editor open, the prices it
 * shows; unsaved edits (prices differing from the saved ones) or a newer save by someone else → 409
 * SavePricesBeforeSendingException. The server sends what is saved, never the body's prices.
 */
export const PricesSend = z.strictObject({ version: Version, prices: z.optional(PriceEntries) });
export type PricesSend = z.infer<typeof PricesSend>;

/** POST /pos/{id}/prices/cancel: the version the caller saw. */
export const PricesCancel = z.strictObject({ version: Version });
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

/** Which machines a bulk change reaches: a planogram's, a group's, or chosen ones (of one merchant). */
export const BulkPriceTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('planogram'), planogramId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid planogram id')) }),
  z.strictObject({ kind: z.literal('group'), groupId: GroupId }),
  z.strictObject({
    kind: z.literal('machines'),
    serials: z.array(Serial).check(z.minLength(1, 'choose at least one machine'), z.maxLength(MAX_BULK_MACHINES, `at most ${MAX_BULK_MACHINES} machines`)),
  }),
]);
export type BulkPriceTarget = z.infer<typeof BulkPriceTarget>;

/** Set every chosen table of the product's lines to a value, or add a (possibly negative, non-zero) delta to each set price. */
export const BulkPriceOperation = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('set'), value: int(0, MAX_PRICE, 'price') }),
  z.strictObject({ kind: z.literal('add'), delta: int(-MAX_PRICE, MAX_PRICE, 'delta').check(z.refine((d) => d !== 0, 'delta must not be 0')) }),
]);
export type BulkPriceOperation = z.infer<typeof BulkPriceOperation>;

const bulkShape = {
  merchantId: MerchantId,
  target: BulkPriceTarget,
  /** The product whose lines change (every line of each machine's planogram holding it). */
  productId: ProductId,
  priceTables: z
    .array(int(1, 8, 'price table'))
    .check(z.minLength(1, 'choose at least one price table'), z.refine((t) => new Set(t).size === t.length, 'a price table is repeated')),
  operation: BulkPriceOperation,
};

/** POST /prices/bulk/preview. */
export const BulkPriceChange = z.strictObject(bulkShape);
export type BulkPriceChange = z.infer<typeof BulkPriceChange>;

/**
 * POST /prices/bulk: the same change and, from its preview, the version of each machine to change: only
 * those machines change, each only if still at that version (else outcome `conflict`).
 */
export const BulkPriceApply = z.strictObject({
  ...bulkShape,
  versions: z.record(Serial, Version).check(z.refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= MAX_BULK_MACHINES, `1 to ${MAX_BULK_MACHINES} machines`)),
});
export type BulkPriceApply = z.infer<typeof BulkPriceApply>;

/** A price the change moves: `from` null when the table had no price on that line (only `set` gives it one). */
export const BulkPriceMove = z.object({ line: z.string(), priceTable: z.number(), from: z.nullable(z.number()), to: z.number() });
export type BulkPriceMove = z.infer<typeof BulkPriceMove>;

export const BulkPreviewMachine = z.object({
  serial: z.string(),
  name: z.string(),
  version: z.number(),
  changes: z.array(BulkPriceMove),
  /** The delta would take a price below 0 or above the largest price, so this machine would not change. */
  problem: z.nullable(z.enum(['negativePrice', 'priceTooHigh'])),
});
export type BulkPreviewMachine = z.infer<typeof BulkPreviewMachine>;

/** Only the machines whose current price differs; `considered` counts every machine the target reached. */
export const BulkPricePreview = z.object({ machines: z.array(BulkPreviewMachine), considered: z.number() });
export type BulkPricePreview = z.infer<typeof BulkPricePreview>;

/**
 * Per machine: `saved` (a new version, pending), `unchanged` (its prices already are the result), `conflict`
 * (its prices changed since the preview), `negativePrice` / `priceTooHigh` (as in the preview), `notFound` (no longer in the target or visible),
 * `failed` (the save failed: try again).
 */
export const BULK_OUTCOMES = ['saved', 'unchanged', 'conflict', 'negativePrice', 'priceTooHigh', 'notFound', 'failed'] as const;
export const BulkMachineResult = z.object({ serial: z.string(), outcome: z.enum(BULK_OUTCOMES), version: z.nullable(z.number()) });
export type BulkMachineResult = z.infer<typeof BulkMachineResult>;
export const BulkPriceResult = z.object({ machines: z.array(BulkMachineResult), saved: z.number() });
export type BulkPriceResult = z.infer<typeof BulkPriceResult>;

/** PUT /erp/pos/{id}/prices: the whole price set; `version`, when given, must be the current one (else 409). */
export const ErpPricesSave = z.strictObject({ prices: PriceEntries, version: z.optional(Version) });
export type ErpPricesSave = z.infer<typeof ErpPricesSave>;
export const ErpHeaders = z.object({ [API_TOKEN_HEADER]: z.optional(z.string().check(z.maxLength(200))) });

/** The saved prices and whether they went to the machine at once (IMMEDIATE and no send of prices pending). */
export const ErpPricesResult = z.object({ ...PosPrices.shape, sent: z.boolean() });
export type ErpPricesResult = z.infer<typeof ErpPricesResult>;

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
 * Routes (reads for every role, changes for super admin, merchant admin and group admin, a
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
 * The schemas of one machine's prices live in machine-prices.ts (the price-sends group bundles only those), the
 * bulk change's here; this module exports both. Routes: groups `prices` (reads, save, cancel, history, bulk) and
 * `price-sends` (send, ERP), which publishes to the machines.
 *
 * Sync: IMMEDIATE → the machine's success acknowledgement of the command makes it sync; AFTER_AUDIT → only an
 * audit whose LA1 records (price list = price table, product = selection) equal the sent prices. An audit whose
 * LA1 prices differ from everything the cloud sent or saved becomes a new version (origin device: "modified in
 * device") that the machine runs, so it is sync.
 */
import * as z from 'zod/mini';
import { GroupId } from './group';
import { wholeNumber, VersionSeen } from './machine-prices';
import { MerchantId } from './merchant-summary';
import { Serial } from './pos-entity';
import { MAX_BULK_MACHINES, MAX_PRICE } from './prices-constants';
import { ProductId } from './product';

export * from './machine-prices';

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
  z.strictObject({ kind: z.literal('set'), value: wholeNumber(0, MAX_PRICE, 'price') }),
  z.strictObject({ kind: z.literal('add'), delta: wholeNumber(-MAX_PRICE, MAX_PRICE, 'delta').check(z.refine((d) => d !== 0, 'delta must not be 0')) }),
]);
export type BulkPriceOperation = z.infer<typeof BulkPriceOperation>;

const bulkShape = {
  merchantId: MerchantId,
  target: BulkPriceTarget,
  /** The product whose lines change (every line of each machine's planogram holding it). */
  productId: ProductId,
  priceTables: z.array(wholeNumber(1, 8, 'price table')).check(
    z.minLength(1, 'choose at least one price table'),
    z.refine((t) => new Set(t).size === t.length, 'a price table is repeated'),
  ),
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
  versions: z
    .record(Serial, VersionSeen)
    .check(z.refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= MAX_BULK_MACHINES, `1 to ${MAX_BULK_MACHINES} machines`)),
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

/**
 * What the console reads of a cash-handling machine's own data (spec §7: cash-acceptance stats, /movements/stats,
 * /pos/{p}/opos-errors, chart submodules): per machine and per merchant over a range of the merchant's days.
 */
import * as z from 'zod/mini';
import { CASH_MEDIA, MOVEMENT_KINDS, OPOS_RESULT_CODES, REJECTION_REASONS, SUBMODULES } from './cash-messages';
import { MerchantId } from './merchant';
import { newestFirstPaging, page } from './paging';

/** The longest range the cash statistics read: 366 days. */
export const MAX_CASH_RANGE_DAYS = 366;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'));
const dayRange = {
  /** First and last day (both inclusive) in the merchant's time zone; default the last 30 days, at most 366. */
  from: z.optional(day),
  to: z.optional(day),
};
const rangeChecks = [
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] }),
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_CASH_RANGE_DAYS, {
    message: `the range covers at most ${MAX_CASH_RANGE_DAYS} days`,
    path: ['from'],
  }),
] as const;

export const CashPosRangeQuery = z.strictObject(dayRange).check(...rangeChecks);
export type CashPosRangeQuery = z.infer<typeof CashPosRangeQuery>;
export const CashMerchantRangeQuery = z.strictObject({ merchantId: MerchantId, ...dayRange }).check(...rangeChecks);
export type CashMerchantRangeQuery = z.infer<typeof CashMerchantRangeQuery>;

const rate = z.nullable(z.number());

export const AcceptanceFigures = z.object({
  accepted: z.number(),
  rejected: z.number(),
  /** rejected / (accepted + rejected), 0–1; null when nothing came in. */
  rejectionRate: rate,
});
export type AcceptanceFigures = z.infer<typeof AcceptanceFigures>;

export const AcceptanceStats = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.string(),
  totals: z.object({ coin: AcceptanceFigures, note: AcceptanceFigures }),
  /** `denomination` null: coins or notes the validator could not tell. */
  byDenomination: z.array(z.object({ medium: z.enum(CASH_MEDIA), denomination: z.nullable(z.number()), ...AcceptanceFigures.shape })),
  byReason: z.array(z.object({ medium: z.enum(CASH_MEDIA), reason: z.enum(REJECTION_REASONS), rejected: z.number() })),
  days: z.array(z.object({ day: z.string(), coin: AcceptanceFigures, note: AcceptanceFigures })),
});
export type AcceptanceStats = z.infer<typeof AcceptanceStats>;

export const MovementStats = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: z.string(),
  totals: z.array(z.object({ kind: z.enum(MOVEMENT_KINDS), amount: z.number(), count: z.number() })),
  /** In − out over the range. */
  net: z.number(),
  /** What the cash should hold before the range's first day and after its last (every movement ever counted). */
  openingBalance: z.number(),
  closingBalance: z.number(),
  days: z.array(z.object({ day: z.string(), net: z.number(), balance: z.number(), amounts: z.record(z.string(), z.number()) })),
});
export type MovementStats = z.infer<typeof MovementStats>;

export const DeviceErrorsQuery = z
  .strictObject({
    ...newestFirstPaging('at'),
    /** The device's UnifiedPOS name, exactly. */
    device: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'device: 1–40 of A-Z a-z 0-9 _ . -'))),
    /** The OPOS result code. */
    code: z.optional(
      z.coerce.number().check(
        z.refine((v) => (OPOS_RESULT_CODES as readonly number[]).includes(v), 'unknown OPOS result code'),
        z.meta({ enum: [...OPOS_RESULT_CODES] }),
      ),
    ),
    from: z.optional(z.iso.datetime({ offset: true })),
    to: z.optional(z.iso.datetime({ offset: true })),
  })
  .check(z.refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] }));
export type DeviceErrorsQuery = z.infer<typeof DeviceErrorsQuery>;

export const DeviceErrorItem = z.object({
  at: z.string(),
  device: z.string(),
  resultCode: z.number(),
  extendedCode: z.number(),
  message: z.nullable(z.string()),
});
export type DeviceErrorItem = z.infer<typeof DeviceErrorItem>;
export const DeviceErrorPage = page(DeviceErrorItem);

/** A machine's sensor readings between two instants (at most 31 days), oldest first, optionally one submodule's. */
export const SubmoduleChartQuery = z
  .strictObject({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }), submodule: z.optional(z.enum(SUBMODULES)) })
  .check(
    z.refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] }),
    z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, { message: 'the range covers at most 31 days', path: ['from'] }),
  );
export type SubmoduleChartQuery = z.infer<typeof SubmoduleChartQuery>;
export const SubmoduleChart = z.object({
  points: z.array(z.object({ at: z.string(), values: z.record(z.string(), z.number()) })),
});
export type SubmoduleChart = z.infer<typeof SubmoduleChart>;

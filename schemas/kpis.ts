/**
 * KPIs of a merchant (/distributor-kpis) and of a machine (/devices/{id}/kpis) over the last `days` days (issue 30
 * item 2; spec §9: default 30, 2 to 365), read from counters kept on write. A figure without data is null ("not
 * enough data"), never NaN.
 */
import * as z from 'zod/mini';
import { KPI_INTERVAL_DAYS } from './kpi-constants';
import { MerchantId } from './merchant';

const days = z.optional(
  z.coerce
    .number()
    .check(
      z.int('days must be a whole number'),
      z.gte(KPI_INTERVAL_DAYS.min, `days must be at least ${KPI_INTERVAL_DAYS.min}`),
      z.lte(KPI_INTERVAL_DAYS.max, `days must be at most ${KPI_INTERVAL_DAYS.max}`),
    ),
);

export const MerchantKpisQuery = z.strictObject({
  merchantId: MerchantId,
  /** One group's figures (a group admin: one of its groups; without it, all of its groups). */
  groupId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'))),
  /** The interval: the last `days` days, today included (default 30, 2 to 365). */
  days,
});
export type MerchantKpisQuery = z.infer<typeof MerchantKpisQuery>;

export const PosKpisQuery = z.strictObject({ days });
export type PosKpisQuery = z.infer<typeof PosKpisQuery>;

const figure = z.nullable(z.number());
const tone = z.nullable(z.enum(['green', 'yellow', 'red']));

export const Kpis = z.object({
  currency: z.string(),
  timezone: z.string(),
  /** The interval's first and last day (the merchant's days; the availability, alarm and refund counters are kept per UTC day). */
  from: z.string(),
  to: z.string(),
  days: z.number(),
  machineDays: z.number(),
  /** Value sold (cash, cashless, key) and number of sales. */
  sales: z.object({ count: z.number(), value: z.number() }),
  salesPerMachineDay: figure,
  averageTicket: figure,
  /** 0–1 */
  cashlessShare: figure,
  /** 0–1: share of the machine-hours online and without a blocking alarm. */
  availability: figure,
  offlineHours: z.number(),
  blockingHours: z.number(),
  alarmsRaised: z.number(),
  alarmsRepaired: z.number(),
  meanTimeToRepairHours: figure,
  /** Hours offline or improbably silent, and what the machines' own 90-day rates of sale say they would have sold. */
  lostHours: z.number(),
  potentialLostSales: figure,
  refunds: z.object({ count: z.number(), value: z.number() }),
  /** Percent (0–100) of coins and of bills rejected; null without cash-acceptance data (or for a group admin's merchant figures). */
  coinRejectionRate: figure,
  coinRejectionTone: tone,
  billRejectionRate: figure,
  billRejectionTone: tone,
});
export type Kpis = z.infer<typeof Kpis>;

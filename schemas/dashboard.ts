/**
 * The dashboard (issue 30 item 1): what an operator sees first, read from counters kept on write (ACCESS-PATTERNS
 * "Dashboard"): sales against the period before, a week's and a month's chart, machines, commands and open anomalies.
 */
import * as z from 'zod/mini';
import { Alarm } from './alarm';
import { MerchantId } from './merchant-summary';
import { PosCounts } from './pos';
import { StatsFigures } from './transaction';

export const DashboardQuery = z.strictObject({
  merchantId: MerchantId,
  /** One group's figures (a group admin: one of its groups; without it, all of its groups). */
  groupId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid id'))),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** A period's figures against the same span of the period before (local days, both inclusive). */
export const SalesComparison = z.object({
  from: z.string(),
  to: z.string(),
  current: StatsFigures,
  previousFrom: z.string(),
  previousTo: z.string(),
  previous: StatsFigures,
});
export type SalesComparison = z.infer<typeof SalesComparison>;

export const DayFigures = z.object({ day: z.string(), figures: StatsFigures });
export type DayFigures = z.infer<typeof DayFigures>;

export const Dashboard = z.object({
  currency: z.string(),
  timezone: z.string(),
  /** The merchant's local day and hour (0–23) now: "today" is its hours 0 to `hour`, against the same hours a week before. */
  today: z.string(),
  hour: z.number(),
  sales: z.object({ today: SalesComparison, week: SalesComparison, month: SalesComparison }),
  /** Every day of the last 7 and of the month so far, empty ones with zeros. */
  chart: z.object({ week: z.array(DayFigures), month: z.array(DayFigures) }),
  machines: PosCounts,
  /** Remote commands created in the last 24 hours: still pending, and ended not executed. */
  commands: z.object({ pending: z.number(), failed: z.number(), atLeast: z.optional(z.boolean()) }),
  /** Open anomaly alarms (their master-alarm codes), newest first, at most 10. */
  anomalies: z.array(Alarm),
});
export type Dashboard = z.infer<typeof Dashboard>;

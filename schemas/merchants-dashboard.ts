/**
 * The merchants dashboard (issue 30 item 3): one row per merchant the caller may see, its headline figures and KPIs
 * side by side, read from counters kept on write only (ACCESS-PATTERNS "Merchants dashboard").
 */
import * as z from 'zod/mini';
import { CountValue } from './transaction';

/** The KPIs of a row (issue 30 item 2, `core/kpis/kpis.ts`); null = not enough data. Further KPIs join this object. */
export const MerchantRowKpis = z.object({
  /** Value sold (minor units) per visible machine and day of the KPI interval. */
  salesPerMachineDay: z.nullable(z.number()),
  /** Value sold over the number of sales (minor units). */
  averageTicket: z.nullable(z.number()),
  /** Cashless and key value over the value sold (0–1). */
  cashlessShare: z.nullable(z.number()),
});
export type MerchantRowKpis = z.infer<typeof MerchantRowKpis>;

export const MerchantDashboardRow = z.object({
  merchantId: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** The merchant's local day now. */
  today: z.string(),
  /** Sold (cash, cashless, key) today, this week (from Monday) and this month so far, in the merchant's currency. */
  sales: z.object({ today: CountValue, week: CountValue, month: CountValue }),
  /** Visible machines (hidden ones are not counted): online, offline, with a blocking alarm. */
  machines: z.object({ visible: z.number(), online: z.number(), offline: z.number(), blocking: z.number() }),
  /** Alarms in state active now. */
  alarmsActive: z.number(),
  kpis: MerchantRowKpis,
});
export type MerchantDashboardRow = z.infer<typeof MerchantDashboardRow>;

export const MerchantsDashboard = z.object({
  /** The KPIs' interval: the last `kpiDays` local days of each merchant, today included. */
  kpiDays: z.number(),
  rows: z.array(MerchantDashboardRow),
});
export type MerchantsDashboard = z.infer<typeof MerchantsDashboard>;

/**
 * The KPIs a merchants-dashboard row shows, from the KPI definitions of `core/kpis/kpis.ts` (each defined once there).
 * This is where the further KPIs join the row as their counters land (availability, mean time to repair, refunds,
 * rejection rates…): add the figure here and its field to `MerchantRowKpis` (schemas/merchants-dashboard.ts).
 */
import type { MerchantRowKpis } from '#schemas/merchants-dashboard';
import { averageTicket, cashlessShare, salesPerMachineDay } from '../kpis/kpis';
import type { Figures } from '../transactions/stats';

/** What a row's KPIs are computed from: the interval's sales and the machine-days it spans. */
export interface RowKpiInputs {
  sales: Figures;
  /** Visible machines now × days of the interval (the counters keep no joining day per machine yet). */
  machineDays: number;
}

export const rowKpis = ({ sales, machineDays }: RowKpiInputs): MerchantRowKpis => ({
  salesPerMachineDay: salesPerMachineDay(sales, machineDays),
  averageTicket: averageTicket(sales),
  cashlessShare: cashlessShare(sales),
});

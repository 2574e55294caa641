import type { Figures } from '../transactions/stats';
import type { KpiFigures } from './counters';

/** The KPI counters (ACCESS-PATTERNS KP1–KP2), per UTC day. */
export interface KpiReads {
  /** A merchant's (or its groups') counters of the days from–to. */
  scopeDays(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string): Promise<Map<string, Partial<KpiFigures>>>;
  /** A machine's counters and its sold figures per day, from the earlier of `fromDay` and `rateFromDay` to `toDay`. */
  machineDays(
    merchantId: string,
    serial: string,
    fromDay: string,
    toDay: string,
    rateFromDay: string,
  ): Promise<{ counters: Map<string, Partial<KpiFigures>>; sales: Map<string, Figures> }>;
}

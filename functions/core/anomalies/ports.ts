import type { AnomalySettings } from '#schemas/anomaly-constants';
import type { AlarmWriter } from '../alarms/ports';
import type { AcceptanceCounts } from './rules';
import type { WeekCounts } from './sales-hours';

/** A machine the sweep evaluates: a visible machine of a merchant's list, with its group (the alarm's). */
export interface AnomalyMachine {
  merchantId: string;
  serial: string;
  groupId: string | null;
}

/** What the rules need of a machine, read together for a page of machines. */
export interface MachineFacts {
  /** The TELEMETRY item's: 0 offline, 1 online, 2 or absent unknown. */
  connection?: number;
  lastSeenAt?: string;
  lastSaleAt?: string;
  /** Its week items (T11) that exist among those asked: week start → counts. */
  weeks: Map<string, WeekCounts>;
  /** The anomaly codes it has an open alarm of (their A3 guards). */
  open: Set<string>;
  /** Its cash acceptance counters (K4) of the days asked that exist: day → counts. */
  acceptance?: Map<string, AcceptanceCounts>;
}

export interface AnomalyMerchant {
  id: string;
  timezone: string;
  /** Its place in the walk (the merchants' index sort key). */
  position: string;
}

/** Where the sweep stopped: the merchant it was in and the last machine it evaluated there. */
export interface AnomalyCursor {
  merchant: string;
  machine?: string;
}

export interface AnomalySweepStore {
  cursor(): Promise<AnomalyCursor | undefined>;
  /** undefined: the walk ended, the next run starts from the first merchant. */
  saveCursor(cursor: AnomalyCursor | undefined): Promise<void>;
  /** The next merchants after a position (inclusive of `from` when asked), in the merchants' index order. */
  merchants(after: string | undefined, inclusive: boolean, limit: number): Promise<AnomalyMerchant[]>;
  /** The merchant's visible machines after a position, with theirs to resume from. */
  machines(merchantId: string, after: string | undefined, limit: number): Promise<Array<AnomalyMachine & { position: string }>>;
  /** `days`: the merchant's days whose cash acceptance counters (K4) the rejection rule reads. */
  facts(machines: readonly AnomalyMachine[], weekStarts: readonly string[], days: readonly string[]): Promise<Map<string, MachineFacts>>;
  settings(merchantId: string): Promise<AnomalySettings>;
}

export interface AnomalySweepDeps {
  store: AnomalySweepStore;
  alarms: AlarmWriter;
  /** Machines evaluated per run at most (the run's bound; the rest next run, from the cursor). */
  machinesPerRun: number;
  /** A run starts no new page of machines after this long (ms; within its function's timeout), whatever is left. */
  runBudgetMs: number;
  /** The wall clock the run budget is measured with (the sweep's `nowMs` is its evaluation instant). */
  clockMs?: () => number;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/**
 * The KPI counters kept on write (issue 30 item 2; ACCESS-PATTERNS KP1–KP2): what the write paths add per UTC day, and
 * how a read sums them. Pure: the adapters turn these day maps into ADDs on month items, inside the exactly-once
 * transaction of the write that caused them (an alarm's raise or repair, a machine's return online, a refund, a join).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every counter, by its attribute stem (the month item holds `{stem}{dd}` per day). */
export const KPI_COUNTERS = {
  /** Alarms raised (any code). */
  alarmsRaised: 'ar',
  /** Alarms repaired (on the repair's day) and the hours from their raise to their repair. */
  repaired: 'rp',
  repairHours: 'rh',
  /** Hours with a blocking alarm (criticity 4) open, spread over the days they cover (written at its repair). */
  blockingHours: 'bh',
  /** Hours offline, spread over the days they cover (written when the machine comes back online). */
  offlineHours: 'oh',
  /** Hours of an improbable silence (the no-sales anomaly open), written at its repair. */
  silentHours: 'sh',
  /** Potential lost sales (minor units): the machine's own 90-day rate of sale × its offline and silent hours. */
  lostValue: 'lv',
  /** Refunds made in the cloud (count and value): the sales statistics count them as recharges. */
  refunds: 'rf',
  refundValue: 'rv',
  /** Machines joined and deleted (the merchant's and group's items only): machine-days are counted back from now. */
  joined: 'mj',
  left: 'ml',
} as const;
export type KpiCounter = keyof typeof KPI_COUNTERS;
export type KpiFigures = Record<KpiCounter, number>;
/** What a write adds: UTC day → counter → amount. */
export type KpiDays = Map<string, Partial<KpiFigures>>;

/** The 90 days a machine's own rate of sale is taken over. */
export const RATE_WINDOW_DAYS = 90;
/** A period longer than this is spread over its last days only (a machine forgotten offline for years). */
const MAX_SPREAD_DAYS = 400;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const noKpiFigures = (): KpiFigures => Object.fromEntries(Object.keys(KPI_COUNTERS).map((k) => [k, 0])) as KpiFigures;

/** One day's adds. */
export const kpiAddsAt = (at: string | number, adds: Partial<KpiFigures>): KpiDays => new Map([[utcDay(typeof at === 'number' ? at : Date.parse(at)), adds]]);

/** The hours of [fromMs, toMs) per UTC day, under `counter` (and, with a rate, the lost value of those hours). */
export function spreadHours(counter: KpiCounter, fromMs: number, toMs: number, ratePerHour: number | null = null): KpiDays {
  const out: KpiDays = new Map();
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) return out;
  for (let at = Math.max(fromMs, toMs - MAX_SPREAD_DAYS * DAY); at < toMs;) {
    const next = Math.min(toMs, Math.floor(at / DAY) * DAY + DAY);
    const hours = (next - at) / HOUR;
    out.set(utcDay(at), { [counter]: hours, ...(ratePerHour ? { lostValue: Math.round(hours * ratePerHour) } : {}) });
    at = next;
  }
  return out;
}

/** Several writes' adds together. */
export function mergeKpiDays(...parts: KpiDays[]): KpiDays {
  const out: KpiDays = new Map();
  for (const part of parts)
    for (const [day, adds] of part) {
      const into = out.get(day) ?? {};
      for (const [k, v] of Object.entries(adds) as Array<[KpiCounter, number]>) into[k] = (into[k] ?? 0) + v;
      out.set(day, into);
    }
  return out;
}

/** The counters of the days from–to (both inclusive) summed. */
export function sumKpiDays(days: ReadonlyMap<string, Partial<KpiFigures>>, from: string, to: string): KpiFigures {
  const sum = noKpiFigures();
  for (const [day, figures] of days) if (day >= from && day <= to) for (const k of Object.keys(sum) as KpiCounter[]) sum[k] += figures[k] ?? 0;
  return sum;
}

/**
 * Machine-days of the days from–to, counted back from the machines there now: a day's machines are today's less those
 * joined after it plus those deleted after it.
 */
export function machineDaysBack(machinesNow: number, days: ReadonlyMap<string, Partial<KpiFigures>>, from: string, today: string): number {
  const moves = new Map<string, number>();
  for (const [day, f] of days) moves.set(day, (f.joined ?? 0) - (f.left ?? 0));
  let count = machinesNow;
  let sum = 0;
  for (let day = today; day >= from; day = utcDay(Date.parse(`${day}T00:00:00Z`) - DAY)) {
    sum += Math.max(0, count);
    count -= moves.get(day) ?? 0;
  }
  return sum;
}

/**
 * A machine's own rate of sale (minor units per hour) over the RATE_WINDOW_DAYS before `nowMs`, from its sold value
 * per day: counted from the window's start, or from its first day with a sale in it (a machine that joined
 * since); null without any sale (no rate, so no lost sales are counted).
 */
export function saleRatePerHour(valueByDay: ReadonlyMap<string, number>, nowMs: number): number | null {
  const first = utcDay(nowMs - RATE_WINDOW_DAYS * DAY);
  let value = 0;
  let start: string | undefined;
  for (const [day, v] of valueByDay)
    if (day >= first && v > 0) {
      value += v;
      if (!start || day < start) start = day;
    }
  if (!start) return null;
  // The days are the merchant's: east of UTC, just after its midnight, its first day may be the UTC tomorrow. Counted from
  // the UTC day's start then (a lower rate than from its own midnight minutes ago, never a rate divided by minutes).
  const today = utcDay(nowMs);
  const hours = (nowMs - Date.parse(`${start > today ? today : start}T00:00:00Z`)) / HOUR;
  return hours > 0 ? value / hours : null;
}

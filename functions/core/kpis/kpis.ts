/**
 * Every KPI, defined once (issue 30 item 2): pure functions of counters kept on write, never of transactions or
 * samples. A KPI whose counters are missing or whose denominator is zero is `null` ("not enough data"): never NaN or
 * Infinity. Amounts are in minor units of the merchant's currency; shares and rates are fractions (0–1).
 */
import { REJECTION_THRESHOLDS, SOLD_CATEGORIES, type KpiTone } from '#schemas/kpi-constants';
import type { Figures } from '../transactions/stats';
import type { KpiFigures } from './counters';

/** A ratio, or null when there is nothing to divide by (or a part is unknown). */
export function ratio(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (part === null || part === undefined || whole === null || whole === undefined) return null;
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return null;
  return part / whole;
}

export const soldValue = (f: Figures) => SOLD_CATEGORIES.reduce((sum, c) => sum + f[c].value, 0);
export const soldCount = (f: Figures) => SOLD_CATEGORIES.reduce((sum, c) => sum + f[c].count, 0);

/**
 * Sales per machine-day: the value sold over the days each machine was there in the interval (a machine added
 * mid-interval counts from the day it joined, so it does not lower the others' figure).
 */
export const salesPerMachineDay = (sales: Figures, machineDays: number) => ratio(soldValue(sales), machineDays);

/** Average ticket: the value sold over the number of sales. */
export const averageTicket = (sales: Figures) => ratio(soldValue(sales), soldCount(sales));

/** Cashless share: the value paid by card, online or key over the value sold (cash is the rest). */
export const cashlessShare = (sales: Figures) => ratio(sales.cashless.value + sales.media.value, soldValue(sales));

/** Availability: the share of the interval's machine-hours online and without a blocking alarm. */
export const availability = (availableHours: number | null, machineHours: number) => ratio(availableHours, machineHours);

/** Mean time to repair: the hours from raise to repair of the alarms repaired in the interval, over their number. */
export const meanTimeToRepairHours = (repairHours: number | null, repaired: number | null) => ratio(repairHours, repaired);

/**
 * Potential lost sales: each machine's own rate of sale over its last 90 days (value per hour it was selling) × the
 * hours it was silent, offline or out of stock in the interval, summed; a machine without history adds nothing.
 */
export function potentialLostSales(machines: ReadonlyArray<{ value90d: number; sellingHours90d: number; lostHours: number }>): number | null {
  if (!machines.length) return null;
  return machines.reduce((sum, m) => sum + (ratio(m.value90d, m.sellingHours90d) ?? 0) * Math.max(0, m.lostHours), 0);
}

/** A rejection rate in percent: coins (or bills) rejected over those inserted; null until the counters exist. */
export const rejectionRate = (rejected: number | null, inserted: number | null) => {
  const r = ratio(rejected, inserted);
  return r === null ? null : r * 100;
};

/** Spec §9: green below 15 %, yellow from 15 to 20 %, red above 20 %; none without data. */
export function rejectionTone(percent: number | null): KpiTone | null {
  if (percent === null) return null;
  if (percent < REJECTION_THRESHOLDS.yellowFrom) return 'green';
  return percent > REJECTION_THRESHOLDS.redAbove ? 'red' : 'yellow';
}

/** Refunds: the cloud refunds of the interval (count and value), as their own counters give them. */
export const refunds = (count: number | null, value: number | null) => (count === null || value === null ? null : { count, value });

/**
 * The machine-days of an interval: each machine counts the days from the later of its joining and the interval's
 * first day to the interval's last day (a machine added after the interval counts none).
 */
export function machineDays(joinedDays: readonly string[], from: string, to: string): number {
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  return joinedDays.reduce((sum, joined) => sum + Math.max(0, day(to) - Math.max(day(from), day(joined)) + 1), 0);
}

/** Coins and bills accepted and rejected over an interval (`DynamoCashReads.acceptanceDays` summed). */
export interface AcceptanceTotals {
  coinAccepted: number;
  coinRejected: number;
  noteAccepted: number;
  noteRejected: number;
}

/** What every KPI of an interval is computed from: counters only (ACCESS-PATTERNS KP1–KP2, T5–T7, K4). */
export interface KpiInputs {
  sales: Figures;
  machineDays: number;
  counters: KpiFigures;
  /** Cash acceptance; null without data (not a cash machine, or a scope without these counters). */
  acceptance: AcceptanceTotals | null;
}

/**
 * Every KPI of an interval from its counters. Availability counts offline and blocking-alarm hours as unavailable
 * (an hour both offline and blocked counts twice, so the figure is a floor), within the machine-hours.
 */
export function kpisFrom(i: KpiInputs) {
  const c = i.counters;
  const machineHours = i.machineDays * 24;
  const unavailable = c.offlineHours + c.blockingHours;
  const coin = i.acceptance && rejectionRate(i.acceptance.coinRejected, i.acceptance.coinAccepted + i.acceptance.coinRejected);
  const bill = i.acceptance && rejectionRate(i.acceptance.noteRejected, i.acceptance.noteAccepted + i.acceptance.noteRejected);
  return {
    machineDays: i.machineDays,
    sales: { count: soldCount(i.sales), value: soldValue(i.sales) },
    salesPerMachineDay: salesPerMachineDay(i.sales, i.machineDays),
    averageTicket: averageTicket(i.sales),
    cashlessShare: cashlessShare(i.sales),
    availability: machineHours > 0 ? availability(Math.max(0, machineHours - unavailable), machineHours) : null,
    offlineHours: c.offlineHours,
    blockingHours: c.blockingHours,
    alarmsRaised: c.alarmsRaised,
    alarmsRepaired: c.repaired,
    meanTimeToRepairHours: meanTimeToRepairHours(c.repairHours, c.repaired),
    lostHours: c.offlineHours + c.silentHours,
    potentialLostSales: i.machineDays > 0 ? c.lostValue : null,
    refunds: { count: c.refunds, value: c.refundValue },
    coinRejectionRate: coin ?? null,
    coinRejectionTone: rejectionTone(coin ?? null),
    billRejectionRate: bill ?? null,
    billRejectionTone: rejectionTone(bill ?? null),
  };
}

/**
 * The anomaly rules (issue 30 item 5), pure: each looks at one machine's facts and says whether its anomaly holds
 * ('fire', with the figures that say why), no longer holds ('clear') or cannot be told ('unknown': the open state,
 * whatever it is, stays).
 */
import type { AnomalySettings } from '#schemas/anomaly-constants';
import { REJECTION_THRESHOLDS } from '#schemas/kpi-constants';
import { hourAttributes, slotOfWallClock, type WeekCounts } from './sales-hours';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The complete weeks before the current one that make a machine's baseline. */
export const BASELINE_WEEKS = 4;
/** Fewer complete weeks of history than this: not enough data, no rule on sales fires. */
export const MIN_BASELINE_WEEKS = 2;
/** A silence is counted over at most this long (the baseline window): its expected sales only grow with it. */
const MAX_SILENCE_MS = BASELINE_WEEKS * 7 * DAY;
/** The cashless rule needs at least this many vends in the baseline and this cashless share to say anything. */
export const MIN_CASHLESS_BASELINE_VENDS = 50;
export const MIN_CASHLESS_SHARE = 0.1;

export type Verdict<F> = { state: 'fire'; figures: F } | { state: 'clear' } | { state: 'unknown'; reason: 'notEnoughData' | 'offline' | 'noSales' };

/** A machine's hourly sales rates: per local weekday and hour, the mean of its complete weeks of history. */
export interface Baseline {
  /** Complete weeks counted: from the oldest with sales (of the last BASELINE_WEEKS) to last week. */
  weeks: number;
  /** Mean vends in that local hour of the week. */
  rate(weekday: number, hour: number): number;
  vends: number;
  cashless: number;
}

/** Monday `n` weeks before the week starting `weekStart`. */
export const weeksBefore = (weekStart: string, n: number) => new Date(Date.parse(`${weekStart}T00:00:00Z`) - n * 7 * DAY).toISOString().slice(0, 10);

/** The week items the rules read: this week's and the BASELINE_WEEKS before it. */
export const weeksToRead = (currentWeekStart: string) => Array.from({ length: BASELINE_WEEKS + 1 }, (_, i) => weeksBefore(currentWeekStart, i));

/**
 * The baseline of the complete weeks before the current one. A week without an item is a week without sales; weeks
 * before the oldest one with sales are not counted (the machine was not there, or not selling yet).
 */
export function baselineOf(weeks: ReadonlyMap<string, WeekCounts>, currentWeekStart: string): Baseline {
  let counted = 0;
  for (let i = BASELINE_WEEKS; i >= 1; i--)
    if (weeks.has(weeksBefore(currentWeekStart, i))) {
      counted = i;
      break;
    }
  const sums = new Map<string, number>();
  let vends = 0;
  let cashless = 0;
  for (let i = 1; i <= counted; i++)
    for (const [name, n] of Object.entries(weeks.get(weeksBefore(currentWeekStart, i)) ?? {})) {
      sums.set(name, (sums.get(name) ?? 0) + n);
      if (name.startsWith('n')) vends += n;
      else if (name.startsWith('k')) cashless += n;
    }
  return {
    weeks: counted,
    rate: (weekday, hour) => (counted ? (sums.get(hourAttributes(weekday, hour).vends) ?? 0) / counted : 0),
    vends,
    cashless,
  };
}

export interface NoSalesFigures {
  /** Sales the baseline expects over the silence. */
  expected: number;
  observed: 0;
  /** Probability of no sale at all over the silence under the machine's Poisson baseline: e^−expected. */
  probability: number;
  silentHours: number;
  baselineWeeks: number;
}

/**
 * No sale since `lastSaleAt`: the expected sales over the silence are the sum of the machine's hourly rates over the
 * local hours it covers (a partial hour pro rata); under a Poisson model the silence has probability e^−expected. It
 * fires below the merchant's probability: a busy machine within hours, a machine that rarely sells never (its
 * expected sales over the whole window stay small). An offline machine is the offline rule's, not this one's.
 * `offsetMs`: the merchant's zone offset now (a clock change inside the silence shifts its hours by one).
 */
export function noSalesVerdict(
  f: { baseline: Baseline; lastSaleAt?: string; connection?: number; nowMs: number; offsetMs: number },
  s: Pick<AnomalySettings, 'anomalyProbability'>,
): Verdict<NoSalesFigures> {
  if (f.connection === 0) return { state: 'unknown', reason: 'offline' };
  if (f.baseline.weeks < MIN_BASELINE_WEEKS || !f.lastSaleAt) return { state: 'unknown', reason: 'notEnoughData' };
  const from = Math.max(Date.parse(f.lastSaleAt), f.nowMs - MAX_SILENCE_MS);
  let expected = 0;
  for (let at = from; at < f.nowMs;) {
    const next = Math.min(f.nowMs, Math.floor(at / HOUR) * HOUR + HOUR);
    const slot = slotOfWallClock(at + f.offsetMs);
    expected += (f.baseline.rate(slot.weekday, slot.hour) * (next - at)) / HOUR;
    at = next;
  }
  const probability = Math.exp(-expected);
  if (probability >= s.anomalyProbability) return { state: 'clear' };
  return {
    state: 'fire',
    figures: { expected, observed: 0, probability, silentHours: Math.max(0, f.nowMs - Date.parse(f.lastSaleAt)) / HOUR, baselineWeeks: f.baseline.weeks },
  };
}

export interface OfflineFigures {
  offlineHours: number;
  thresholdHours: number;
}

/** Offline longer than the merchant's threshold, having been seen within the baseline window; back online: clear. */
export function offlineVerdict(
  f: { connection?: number; lastSeenAt?: string; nowMs: number },
  s: Pick<AnomalySettings, 'anomalyOfflineHours'>,
): Verdict<OfflineFigures> {
  if (f.connection === 1) return { state: 'clear' };
  if (f.connection !== 0 || !f.lastSeenAt) return { state: 'unknown', reason: 'notEnoughData' };
  const offline = f.nowMs - Date.parse(f.lastSeenAt);
  if (offline <= s.anomalyOfflineHours * HOUR) return { state: 'clear' };
  if (offline > MAX_SILENCE_MS) return { state: 'unknown', reason: 'notEnoughData' };
  return { state: 'fire', figures: { offlineHours: offline / HOUR, thresholdHours: s.anomalyOfflineHours } };
}

/** P(X ≤ k) for X ~ Binomial(n, p), summed in log space (n up to thousands). */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  let logC = 0; // log C(n, 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logC + i * Math.log(p) + (n - i) * Math.log(1 - p));
  }
  return Math.min(1, sum);
}

export interface CashlessFigures {
  /** The machine's own cashless share over its baseline weeks. */
  expectedShare: number;
  observedShare: number;
  vends: number;
  cashless: number;
  /** Probability of so few cashless vends among the last 24 hours' under the baseline share (binomial). */
  probability: number;
}

/**
 * The cashless share of the last 24 hours far below the machine's own: "far" = below the merchant's ratio of the
 * baseline share (default half) AND so few cashless vends that their probability under the baseline share
 * (binomial) is below the merchant's probability. Needs a baseline of MIN_CASHLESS_BASELINE_VENDS vends with at least
 * MIN_CASHLESS_SHARE cashless, and a vend in the window (a silent day says nothing about the reader).
 */
export function cashlessVerdict(
  f: { baseline: Baseline; window: { vends: number; cashless: number } },
  s: Pick<AnomalySettings, 'anomalyProbability' | 'anomalyCashlessRatio'>,
): Verdict<CashlessFigures> {
  const { baseline, window } = f;
  if (baseline.weeks < MIN_BASELINE_WEEKS || baseline.vends < MIN_CASHLESS_BASELINE_VENDS) return { state: 'unknown', reason: 'notEnoughData' };
  const expectedShare = baseline.cashless / baseline.vends;
  if (expectedShare < MIN_CASHLESS_SHARE) return { state: 'unknown', reason: 'notEnoughData' };
  if (window.vends === 0) return { state: 'unknown', reason: 'noSales' };
  const observedShare = window.cashless / window.vends;
  const probability = binomialCdf(window.cashless, window.vends, expectedShare);
  if (observedShare >= s.anomalyCashlessRatio * expectedShare || probability >= s.anomalyProbability) return { state: 'clear' };
  return { state: 'fire', figures: { expectedShare, observedShare, vends: window.vends, cashless: window.cashless, probability } };
}

/** Vends and cashless vends of the last 24 local hours (the current one included) from the week items. */
export function lastDayOf(weeks: ReadonlyMap<string, WeekCounts>, nowMs: number, offsetMs: number): { vends: number; cashless: number } {
  let vends = 0;
  let cashless = 0;
  for (let h = 0; h < 24; h++) {
    const slot = slotOfWallClock(nowMs + offsetMs - h * HOUR);
    const week = weeks.get(slot.weekStart);
    const names = hourAttributes(slot.weekday, slot.hour);
    vends += week?.[names.vends] ?? 0;
    cashless += week?.[names.cashless] ?? 0;
  }
  return { vends, cashless };
}

/** Coins or bills inserted in a day below which its rejection rate says nothing (a handful of coins). */
export const MIN_REJECTION_INSERTED = 20;

/** A machine's coins and bills accepted and rejected on one of its (the merchant's) days. */
export interface AcceptanceCounts {
  coinAccepted: number;
  coinRejected: number;
  noteAccepted: number;
  noteRejected: number;
}

export interface RejectionFigures {
  day: string;
  medium: 'coin' | 'note';
  /** Percent rejected of those inserted. */
  rate: number;
  rejected: number;
  inserted: number;
  thresholdPercent: number;
}

/**
 * Coins or bills rejected above the red KPI threshold (spec §9: above 20 %) over the machine's current day: today once
 * it has MIN_REJECTION_INSERTED of a medium inserted, else yesterday. Fires on the worse medium; clears when neither is
 * above; without enough of either it cannot tell (a machine that takes no cash, or a quiet night).
 */
export function rejectionVerdict(f: {
  today?: AcceptanceCounts;
  yesterday?: AcceptanceCounts;
  todayDay: string;
  yesterdayDay: string;
}): Verdict<RejectionFigures> {
  const media = (c: AcceptanceCounts | undefined, day: string) =>
    c
      ? [
          { day, medium: 'coin' as const, rejected: c.coinRejected, inserted: c.coinAccepted + c.coinRejected },
          { day, medium: 'note' as const, rejected: c.noteRejected, inserted: c.noteAccepted + c.noteRejected },
        ].filter((m) => m.inserted >= MIN_REJECTION_INSERTED)
      : [];
  const today = media(f.today, f.todayDay);
  const counted = today.length ? today : media(f.yesterday, f.yesterdayDay);
  if (!counted.length) return { state: 'unknown', reason: 'notEnoughData' };
  const worst = counted.map((m) => ({ ...m, rate: (m.rejected / m.inserted) * 100 })).sort((a, b) => b.rate - a.rate)[0]!;
  if (worst.rate <= REJECTION_THRESHOLDS.redAbove) return { state: 'clear' };
  return { state: 'fire', figures: { ...worst, thresholdPercent: REJECTION_THRESHOLDS.redAbove } };
}

/**
 * The anomaly sweep (issue 30 item 5): walks every merchant's visible machines in index order, a bounded number per
 * run from where the last run stopped (the cursor), reads each page's facts at once (connection, last sale, week
 * items, open anomaly alarms) and raises or clears the anomaly alarms through the alarms' own writes, so settings,
 * notifications, repair and the alarm screens treat them as any alarm.
 */
import { createHash } from 'node:crypto';
import { ANOMALY_ALARM_CODES, ANOMALY_CODES, type AnomalyKind, type AnomalySettings } from '#schemas/anomaly-constants';
import type { MasterAlarm } from '#schemas/alarm';
import { CRITICITY } from '#schemas/alarm-constants';
import { applyAlarmEvents } from '../alarms/ingest';
import { eachLimited } from '../ingestion/batching';
import type { AnomalyMachine, AnomalySweepDeps, MachineFacts } from './ports';
import {
  baselineOf,
  cashlessVerdict,
  lastDayOf,
  noSalesVerdict,
  offlineVerdict,
  rejectionVerdict,
  weeksToRead,
  type RejectionFigures,
  type Verdict,
} from './rules';
import { slotOfWallClock, zoneOffsetMs } from './sales-hours';

const MACHINES_PER_PAGE = 100;
const MERCHANTS_PER_PAGE = 25;

export interface AnomalySweepOutcome {
  machines: number;
  raised: number;
  cleared: number;
  failed: number;
  /** The walk reached the last merchant's last machine (the next run starts over). */
  complete: boolean;
}

/** How an anomaly's alarm reads when the catalogue has no master alarm of its code. */
const CLASSIFICATION: Record<AnomalyKind, { category: 'usability' | 'fault' | 'maintenance'; message: string }> = {
  noSales: { category: 'usability', message: 'No sales (anomaly)' },
  offline: { category: 'fault', message: 'Offline (anomaly)' },
  cashlessDrop: { category: 'fault', message: 'Cashless share dropped (anomaly)' },
  rejection: { category: 'maintenance', message: 'Rejection rate above the red threshold (anomaly)' },
};

const pct = (p: number) => `${p * 100 >= 0.01 ? (p * 100).toPrecision(2) : (p * 100).toExponential(1)} %`;
const num = (n: number) => (Math.round(n * 10) / 10).toString();

/** The alarm's detail: why it fired, in figures. */
export function detailOf(kind: AnomalyKind, figures: Record<string, number>, s: AnomalySettings): string {
  const f = figures;
  if (kind === 'noSales')
    return `No sale for ${num(f.silentHours!)} h: expected ${num(f.expected!)} sales (baseline of ${f.baselineWeeks} weeks), observed 0; probability ${pct(f.probability!)} < ${pct(s.anomalyProbability)}`;
  if (kind === 'offline') return `Offline for ${num(f.offlineHours!)} h (threshold ${num(f.thresholdHours!)} h)`;
  if (kind === 'rejection') {
    const r = figures as unknown as RejectionFigures;
    return `${r.medium === 'coin' ? 'Coins' : 'Bills'} rejected on ${r.day}: ${r.rejected} of ${r.inserted} (${num(r.rate)} %), above ${r.thresholdPercent} %`;
  }
  return `Cashless ${f.cashless} of ${f.vends} sales in 24 h (${pct(f.observedShare!)}), expected ${pct(f.expectedShare!)}; probability ${pct(f.probability!)} < ${pct(s.anomalyProbability)}`;
}

/** What each rule says of one machine now. */
export function verdictsOf(facts: MachineFacts, s: AnomalySettings, nowMs: number, offsetMs: number): Record<AnomalyKind, Verdict<object>> {
  const current = slotOfWallClock(nowMs + offsetMs).weekStart;
  const baseline = baselineOf(facts.weeks, current);
  return {
    noSales: noSalesVerdict({ baseline, lastSaleAt: facts.lastSaleAt, connection: facts.connection, nowMs, offsetMs }, s),
    offline: offlineVerdict({ connection: facts.connection, lastSeenAt: facts.lastSeenAt, nowMs }, s),
    cashlessDrop: cashlessVerdict({ baseline, window: lastDayOf(facts.weeks, nowMs, offsetMs) }, s),
    rejection: rejectionVerdict({ ...acceptanceDaysOf(nowMs, offsetMs), ...acceptanceOf(facts, nowMs, offsetMs) }),
  };
}

/** The merchant's day now and the day before (the rejection rule's days). */
export function acceptanceDaysOf(nowMs: number, offsetMs: number): { todayDay: string; yesterdayDay: string } {
  const local = nowMs + offsetMs;
  return { todayDay: new Date(local).toISOString().slice(0, 10), yesterdayDay: new Date(local - 86_400_000).toISOString().slice(0, 10) };
}

function acceptanceOf(facts: MachineFacts, nowMs: number, offsetMs: number) {
  const { todayDay, yesterdayDay } = acceptanceDaysOf(nowMs, offsetMs);
  const today = facts.acceptance?.get(todayDay);
  const yesterday = facts.acceptance?.get(yesterdayDay);
  return { ...(today ? { today } : {}), ...(yesterday ? { yesterday } : {}) };
}

/** A deterministic message id per machine, code and instant: a sweep run again at the same instant changes nothing. */
const eventId = (serial: string, code: string, at: string) => `an-${createHash('sha256').update(`${serial}#${code}#${at}`).digest('base64url').slice(0, 32)}`;

export async function sweepAnomalies(deps: AnomalySweepDeps): Promise<AnomalySweepOutcome> {
  const { store } = deps;
  const nowMs = deps.nowMs();
  const clock = deps.clockMs ?? Date.now;
  const deadline = clock() + deps.runBudgetMs;
  const at = new Date(nowMs).toISOString();
  const outcome: AnomalySweepOutcome = { machines: 0, raised: 0, cleared: 0, failed: 0, complete: false };
  let masters: Promise<Map<string, MasterAlarm>> | undefined;
  const mastersOnce = () => (masters ??= deps.alarms.masterAlarms(ANOMALY_CODES));

  async function act(m: AnomalyMachine, facts: MachineFacts, s: AnomalySettings, offsetMs: number) {
    const verdicts = verdictsOf(facts, s, nowMs, offsetMs);
    for (const kind of Object.keys(verdicts) as AnomalyKind[]) {
      const code = ANOMALY_ALARM_CODES[kind];
      const v = verdicts[kind];
      const open = facts.open.has(code);
      if (v.state === 'fire' && !open) {
        const detail = detailOf(kind, v.figures as Record<string, number>, s);
        const payload = { code, state: 'raised' as const, at, criticity: CRITICITY.warning, ...CLASSIFICATION[kind], detail };
        await applyAlarmEvents(deps.alarms, m, [{ messageId: eventId(m.serial, code, at), payload }], await mastersOnce());
        outcome.raised++;
      } else if (v.state === 'clear' && open) {
        await applyAlarmEvents(deps.alarms, m, [{ messageId: eventId(m.serial, code, at), payload: { code, state: 'cleared', at } }], new Map());
        outcome.cleared++;
      }
    }
  }

  const saved = await store.cursor();
  let merchantAfter = saved?.merchant;
  let inclusive = saved !== undefined;
  for (;;) {
    const merchants = await store.merchants(merchantAfter, inclusive, MERCHANTS_PER_PAGE);
    if (!merchants.length) {
      await store.saveCursor(undefined);
      outcome.complete = true;
      return outcome;
    }
    for (const merchant of merchants) {
      const resumed = inclusive && merchant.position === saved?.merchant;
      let machineAfter = resumed ? saved?.machine : undefined;
      const settings = await store.settings(merchant.id);
      const offsetMs = zoneOffsetMs(merchant.timezone, nowMs);
      const weeks = weeksToRead(slotOfWallClock(nowMs + offsetMs).weekStart);
      const { todayDay, yesterdayDay } = acceptanceDaysOf(nowMs, offsetMs);
      for (;;) {
        const limit = Math.min(MACHINES_PER_PAGE, deps.machinesPerRun - outcome.machines);
        if (limit <= 0 || (outcome.machines > 0 && clock() > deadline)) {
          await store.saveCursor({ merchant: merchant.position, ...(machineAfter ? { machine: machineAfter } : {}) });
          return outcome;
        }
        const page = await store.machines(merchant.id, machineAfter, limit);
        if (!page.length) break;
        const facts = await store.facts(page, weeks, [yesterdayDay, todayDay]);
        await eachLimited(page, 8, async (m) => {
          try {
            await act(m, facts.get(m.serial) ?? { weeks: new Map(), open: new Set() }, settings, offsetMs);
          } catch (error) {
            outcome.failed++;
            deps.log?.('error', 'anomaly sweep: machine failed', { serial: m.serial, merchantId: m.merchantId, error });
          }
        });
        outcome.machines += page.length;
        machineAfter = page.at(-1)!.position;
        if (page.length < limit) break;
      }
    }
    merchantAfter = merchants.at(-1)!.position;
    inclusive = false;
  }
}

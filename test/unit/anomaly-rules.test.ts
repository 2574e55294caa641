/** The anomaly rules (issue 30 item 5) from known week items, and the sweep over an in-memory store and alarm writer. */
import { describe, expect, it } from 'vitest';
import { ANOMALY_ALARM_CODES, ANOMALY_SETTINGS_DEFAULTS, type AnomalySettings } from '#schemas/anomaly-constants';
import type { MasterAlarm } from '#schemas/alarm';
import type { AlarmClosing, AlarmDevice, AlarmWriter } from '../../functions/core/alarms/ports';
import type { StoredAlarm } from '../../functions/core/alarms/model';
import type { AnomalyCursor, AnomalyMachine, AnomalySweepStore, MachineFacts } from '../../functions/core/anomalies/ports';
import {
  baselineOf,
  binomialCdf,
  cashlessVerdict,
  lastDayOf,
  noSalesVerdict,
  offlineVerdict,
  rejectionVerdict,
  weeksBefore,
  weeksToRead,
} from '../../functions/core/anomalies/rules';
import { salesHoursIncrements, slotOf, zoneOffsetMs, type WeekCounts } from '../../functions/core/anomalies/sales-hours';
import { sweepAnomalies } from '../../functions/core/anomalies/sweep';

const TZ = 'Europe/Rome';
const HOUR = 3_600_000;
const settings: AnomalySettings = { ...ANOMALY_SETTINGS_DEFAULTS };
/** Wednesday 25 November 2026, 07:00 in Rome (06:00Z): the machines below last sold then. */
const LAST_SALE = '2026-11-25T06:00:00.000Z';
const NOW = Date.parse(LAST_SALE);
const offset = zoneOffsetMs(TZ, NOW);
const currentWeek = slotOf(TZ, LAST_SALE).weekStart;

/** Week items of a machine that sold `perHour(weekday, hour)` every local hour of `weeks` complete weeks before this one. */
function history(weeks: number, perHour: (weekday: number, hour: number) => number, cashlessEvery = 0): Map<string, WeekCounts> {
  const transactions: Array<{ type: number; createdAt: string }> = [];
  const start = Date.parse(`${weeksBefore(currentWeek, weeks)}T00:00:00Z`) - offset;
  for (let h = 0; h < weeks * 7 * 24; h++) {
    const at = start + h * HOUR;
    const slot = slotOf(TZ, new Date(at).toISOString());
    const n = perHour(slot.weekday, slot.hour);
    for (let i = 0; i < n; i++)
      transactions.push({ type: cashlessEvery && i % cashlessEvery === 0 ? 1 : 2, createdAt: new Date(at + i * 60_000).toISOString() });
  }
  return new Map([...salesHoursIncrements(transactions, TZ)].map(([week, counts]) => [week, Object.fromEntries(counts)]));
}

/** Open 07:00–21:00, 3 sales an hour (42 a day). */
const busy = (_weekday: number, hour: number) => (hour >= 7 && hour < 21 ? 3 : 0);

describe('sales per weekday and hour', () => {
  it('counts vends per local weekday and hour of the local week (from Monday), cashless apart; recharges and errors are no vends', () => {
    const counts = salesHoursIncrements(
      [
        { type: 2, createdAt: '2026-11-29T22:30:00Z' }, // Sunday 23:30 in Rome
        { type: 1, createdAt: '2026-11-29T23:10:00Z' }, // Monday 00:10 in Rome: next week
        { type: 4, createdAt: '2026-11-29T23:20:00Z' }, // a recharge
        { type: 2, errorSale: true, createdAt: '2026-11-29T23:30:00Z' },
      ],
      TZ,
    );
    expect(Object.fromEntries([...counts].map(([w, c]) => [w, Object.fromEntries(c)]))).toEqual({
      '2026-11-23': { n623: 1 },
      '2026-11-30': { n000: 1, k000: 1 },
    });
  });

  it('a baseline is the mean of the complete weeks from the oldest with sales; without two weeks there is not enough data', () => {
    const weeks = history(3, busy);
    const b = baselineOf(weeks, currentWeek);
    expect(b.weeks).toBe(3);
    expect(b.rate(2, 10)).toBe(3);
    expect(b.rate(2, 3)).toBe(0);
    expect(weeksToRead(currentWeek)).toHaveLength(5);
    const young = baselineOf(history(1, busy), currentWeek);
    expect(noSalesVerdict({ baseline: young, lastSaleAt: LAST_SALE, nowMs: NOW + 48 * HOUR, offsetMs: offset }, settings)).toEqual({
      state: 'unknown',
      reason: 'notEnoughData',
    });
  });
});

describe('no sales (Poisson baseline per weekday and hour)', () => {
  const verdictAt = (weeks: Map<string, WeekCounts>, hoursAfter: number, connection = 1) =>
    noSalesVerdict({ baseline: baselineOf(weeks, currentWeek), lastSaleAt: LAST_SALE, connection, nowMs: NOW + hoursAfter * HOUR, offsetMs: offset }, settings);

  it('fires for a busy machine once e^−expected falls below 0.1 %: after 7 / 3 ≈ 2.3 hours of its 3 sales an hour, not before', () => {
    const weeks = history(4, busy);
    expect(verdictAt(weeks, 2).state).toBe('clear'); // 6 expected: e^−6 = 0.25 %
    const fired = verdictAt(weeks, 2.5);
    expect(fired.state).toBe('fire');
    if (fired.state !== 'fire') return;
    expect(fired.figures.expected).toBeCloseTo(7.5, 6);
    expect(fired.figures.probability).toBeCloseTo(Math.exp(-7.5), 8);
    expect(fired.figures).toMatchObject({ observed: 0, silentHours: 2.5, baselineWeeks: 4 });
    // The first quarter hour it fires at: −ln(0.001) / 3 = 2.30 h.
    const first = Array.from({ length: 40 }, (_, i) => i / 4).find((h) => verdictAt(weeks, h).state === 'fire');
    expect(first).toBe(2.5);
  });

  it('counts only the hours the machine sells in: a silence over the night expects nothing more', () => {
    const weeks = history(4, busy);
    const evening = noSalesVerdict(
      {
        baseline: baselineOf(weeks, currentWeek),
        lastSaleAt: '2026-11-25T19:59:00.000Z',
        connection: 1,
        nowMs: Date.parse('2026-11-26T05:59:00.000Z'),
        offsetMs: offset,
      },
      settings,
    );
    expect(evening.state).toBe('clear'); // 20:59 → 06:59 in Rome: closed hours, 0 expected
  });

  it('never fires for a machine that sells once a week, however long it stays silent', () => {
    const weeks = history(4, (weekday, hour) => (weekday === 2 && hour === 10 ? 1 : 0));
    for (let h = 0; h <= 40 * 24; h += 6) expect(verdictAt(weeks, h).state).not.toBe('fire');
  });

  it('leaves an offline machine to the offline rule', () => {
    expect(verdictAt(history(4, busy), 12, 0)).toEqual({ state: 'unknown', reason: 'offline' });
  });
});

describe('offline', () => {
  const seen = (hoursAgo: number, connection: number) => ({ connection, lastSeenAt: new Date(NOW - hoursAgo * HOUR).toISOString(), nowMs: NOW });
  it('fires past the merchant’s hours while it was online within the baseline window; back online clears it', () => {
    expect(offlineVerdict(seen(3, 0), settings).state).toBe('clear');
    expect(offlineVerdict(seen(5, 0), settings)).toEqual({ state: 'fire', figures: { offlineHours: 5, thresholdHours: 4 } });
    expect(offlineVerdict(seen(5, 0), { anomalyOfflineHours: 6 }).state).toBe('clear');
    expect(offlineVerdict(seen(40 * 24, 0), settings).state).toBe('unknown');
    expect(offlineVerdict(seen(5, 1), settings).state).toBe('clear');
    expect(offlineVerdict({ nowMs: NOW }, settings).state).toBe('unknown');
  });
});

describe('cashless drop', () => {
  const weeks = history(4, busy, 2); // two of each hour's three sales cashless
  const baseline = baselineOf(weeks, currentWeek);
  it('fires when the last 24 hours’ share is below half the machine’s own and that few cashless sales are improbable (binomial)', () => {
    const fired = cashlessVerdict({ baseline, window: { vends: 30, cashless: 2 } }, settings);
    expect(fired.state).toBe('fire');
    if (fired.state === 'fire') expect(fired.figures).toMatchObject({ expectedShare: 2 / 3, observedShare: 2 / 30, vends: 30, cashless: 2 });
    // Above half the share, or too few sales to tell: no anomaly.
    expect(cashlessVerdict({ baseline, window: { vends: 30, cashless: 12 } }, settings).state).toBe('clear');
    expect(cashlessVerdict({ baseline, window: { vends: 4, cashless: 0 } }, settings).state).toBe('clear');
    expect(cashlessVerdict({ baseline, window: { vends: 0, cashless: 0 } }, settings)).toEqual({ state: 'unknown', reason: 'noSales' });
    // A machine that hardly takes cards says nothing about its reader.
    expect(cashlessVerdict({ baseline: baselineOf(history(4, busy), currentWeek), window: { vends: 30, cashless: 0 } }, settings).state).toBe('unknown');
  });

  it('reads the last 24 local hours from this week’s and last week’s items', () => {
    const day = lastDayOf(weeks, Date.parse(`${currentWeek}T05:00:00Z`), offset); // Monday 06:00: Sunday's 14 hours
    expect(day).toEqual({ vends: 42, cashless: 28 });
  });

  it('binomial tails', () => {
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 10);
    expect(binomialCdf(10, 10, 0.5)).toBe(1);
    expect(binomialCdf(1, 3, 0.5)).toBeCloseTo(0.5, 10);
  });
});

/** An in-memory alarm writer: one open alarm per machine and code, as the table's guard keeps it. */
function memoryAlarms() {
  const open = new Map<string, StoredAlarm>();
  const log: Array<{ kind: 'raise' | 'close'; serial: string; code: string; detail?: string }> = [];
  const writer: AlarmWriter = {
    openAlarm: async (d: AlarmDevice, code: string) => open.get(`${d.serial}#${code}`),
    raise: async (d, a) => {
      open.set(`${d.serial}#${a.code}`, a);
      log.push({ kind: 'raise', serial: d.serial, code: a.code, detail: a.detail });
      return 'ok';
    },
    repeat: async () => 'ok',
    close: async (d, a, _c: AlarmClosing) => {
      open.delete(`${d.serial}#${a.code}`);
      log.push({ kind: 'close', serial: d.serial, code: a.code });
      return 'ok';
    },
    masterAlarms: async () => new Map<string, MasterAlarm>(),
  };
  return { writer, open, log };
}

/** An in-memory store: one merchant with these machines' facts; counts its calls. */
function memoryStore(facts: Map<string, Omit<MachineFacts, 'open'>>, alarms: ReturnType<typeof memoryAlarms>) {
  let saved: AnomalyCursor | undefined;
  const calls = { count: 0 };
  const serials = [...facts.keys()].sort();
  const store: AnomalySweepStore = {
    cursor: async () => (calls.count++, saved),
    saveCursor: async (c) => {
      calls.count++;
      saved = c;
    },
    merchants: async (after, inclusive) => {
      calls.count++;
      const m = { id: 'M1', timezone: TZ, position: 'NAME#m1#M1' };
      return after === undefined || (inclusive ? m.position >= after : m.position > after) ? [m] : [];
    },
    machines: async (merchantId, after, limit) => {
      calls.count++;
      return serials
        .filter((s) => after === undefined || s > after)
        .slice(0, limit)
        .map((serial) => ({ merchantId, serial, groupId: null, position: serial }));
    },
    facts: async (machines: readonly AnomalyMachine[]) => {
      calls.count++;
      return new Map(
        machines.map((m) => {
          const f = facts.get(m.serial)!;
          const open = new Set(Object.values(ANOMALY_ALARM_CODES).filter((code) => alarms.open.has(`${m.serial}#${code}`)));
          return [m.serial, { ...f, weeks: f.weeks, open }];
        }),
      );
    },
    settings: async () => (calls.count++, settings),
  };
  return { store, calls, cursor: () => saved };
}

describe('the anomaly sweep', () => {
  it('raises the no-sales anomaly once with why in its detail, clears it when a sale arrives, and walks a bounded number of machines per run', async () => {
    const alarms = memoryAlarms();
    const quiet = history(4, (weekday, hour) => (weekday === 2 && hour === 10 ? 1 : 0));
    const facts = new Map<string, Omit<MachineFacts, 'open'>>([
      ['A-BUSY', { connection: 1, lastSaleAt: LAST_SALE, weeks: history(4, busy) }],
      ['B-QUIET', { connection: 1, lastSaleAt: LAST_SALE, weeks: quiet }],
      ['C-NEW', { connection: 1, lastSaleAt: LAST_SALE, weeks: new Map() }],
      ['D-OFF', { connection: 0, lastSeenAt: new Date(NOW - 2 * HOUR).toISOString(), weeks: new Map() }],
      ['E-BUSY', { connection: 1, lastSaleAt: new Date(NOW + 5 * HOUR).toISOString(), weeks: history(4, busy) }],
    ]);
    const { store, calls, cursor } = memoryStore(facts, alarms);
    const deps = { store, alarms: alarms.writer, machinesPerRun: 3, runBudgetMs: 60_000, nowMs: () => NOW + 6 * HOUR };

    const first = await sweepAnomalies(deps);
    expect(first).toMatchObject({ machines: 3, raised: 1, complete: false });
    expect(cursor()).toEqual({ merchant: 'NAME#m1#M1', machine: 'C-NEW' });
    const second = await sweepAnomalies(deps);
    expect(second).toMatchObject({ machines: 2, raised: 1, complete: true });
    expect(cursor()).toBeUndefined();
    expect(alarms.log.map((l) => [l.kind, l.serial, l.code])).toEqual([
      ['raise', 'A-BUSY', 'ANOMALY_NO_SALES'],
      ['raise', 'D-OFF', 'ANOMALY_OFFLINE'],
    ]);
    expect(alarms.log[0]!.detail).toBe('No sale for 6 h: expected 18 sales (baseline of 4 weeks), observed 0; probability 1.5e-6 % < 0.10 %');
    expect(calls.count / 5).toBeLessThan(3);

    // Once more: nothing new while the silence lasts; a sale and a ping clear them.
    deps.machinesPerRun = 100;
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 5, raised: 0, cleared: 0, complete: true });
    facts.set('A-BUSY', { ...facts.get('A-BUSY')!, lastSaleAt: new Date(NOW + 6 * HOUR - 60_000).toISOString() });
    facts.set('D-OFF', { ...facts.get('D-OFF')!, connection: 1 });
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 5, raised: 0, cleared: 2 });
    expect(alarms.open.size).toBe(0);
  });

  it('starts no new page past its time budget (one page at least), and the next run goes on from its cursor', async () => {
    const alarms = memoryAlarms();
    const facts = new Map(Array.from({ length: 250 }, (_, i) => [`M-${String(i).padStart(3, '0')}`, { connection: 1, weeks: new Map<string, WeekCounts>() }]));
    const { store } = memoryStore(facts, alarms);
    let clock = 0;
    const deps = { store, alarms: alarms.writer, machinesPerRun: 5_000, runBudgetMs: 1, clockMs: () => (clock += 10), nowMs: () => NOW };
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 100, complete: false });
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 100, complete: false });
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 50, complete: true });
  });
});

describe('rejection rate above the red threshold (rule d)', () => {
  const days = { todayDay: '2026-11-25', yesterdayDay: '2026-11-24' };
  const counts = (coinAccepted: number, coinRejected: number, noteAccepted = 0, noteRejected = 0) => ({
    coinAccepted,
    coinRejected,
    noteAccepted,
    noteRejected,
  });

  it('fires above 20 % of a medium over today once enough came in, else over yesterday; 20 % itself is yellow and clears', () => {
    expect(rejectionVerdict({ ...days, today: counts(75, 25) })).toEqual({
      state: 'fire',
      figures: { day: '2026-11-25', medium: 'coin', rate: 25, rejected: 25, inserted: 100, thresholdPercent: 20 },
    });
    expect(rejectionVerdict({ ...days, today: counts(80, 20) })).toEqual({ state: 'clear' });
    // Today: 10 coins so far (too few to say), yesterday's bills were refused at 30 %.
    expect(rejectionVerdict({ ...days, today: counts(5, 5), yesterday: counts(100, 1, 70, 30) })).toMatchObject({
      state: 'fire',
      figures: { day: '2026-11-24', medium: 'note', rate: 30 },
    });
    expect(rejectionVerdict({ ...days, today: counts(5, 5) })).toEqual({ state: 'unknown', reason: 'notEnoughData' });
    expect(rejectionVerdict(days)).toEqual({ state: 'unknown', reason: 'notEnoughData' });
  });

  it('the sweep raises it with the day’s figures in its detail and clears it when the rate falls back', async () => {
    const alarms = memoryAlarms();
    const today = new Date(NOW + offset).toISOString().slice(0, 10);
    const facts = new Map<string, Omit<MachineFacts, 'open'>>([
      ['C100-REJECTING', { connection: 1, weeks: new Map(), acceptance: new Map([[today, counts(70, 30)]]) }],
      ['C100-FINE', { connection: 1, weeks: new Map(), acceptance: new Map([[today, counts(97, 3)]]) }],
    ]);
    const { store } = memoryStore(facts, alarms);
    const deps = { store, alarms: alarms.writer, machinesPerRun: 100, runBudgetMs: 60_000, nowMs: () => NOW };
    expect(await sweepAnomalies(deps)).toMatchObject({ machines: 2, raised: 1 });
    expect(alarms.log).toEqual([
      { kind: 'raise', serial: 'C100-REJECTING', code: ANOMALY_ALARM_CODES.rejection, detail: `Coins rejected on ${today}: 30 of 100 (30 %), above 20 %` },
    ]);
    facts.set('C100-REJECTING', { connection: 1, weeks: new Map(), acceptance: new Map([[today, counts(170, 30)]]) });
    expect(await sweepAnomalies(deps)).toMatchObject({ raised: 0, cleared: 1 });
    expect(alarms.open.size).toBe(0);
  });
});

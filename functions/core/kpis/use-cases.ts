/**
 * KPIs of a merchant (or a group admin's groups) and of one machine over the last `days` days (issue 30 item 2), read
 * from counters only: a bounded number of reads whatever the fleet or the interval (ACCESS-PATTERNS "KPIs").
 */
import { KPI_INTERVAL_DAYS } from '#schemas/kpi-constants';
import type { Kpis, MerchantKpisQuery, PosKpisQuery } from '#schemas/kpis';
import { counterName } from '../cash/counters';
import type { CashReads } from '../cash/ports';
import type { PosLists, PosReader } from '../devices/ports';
import { listGroups, requireVisiblePos } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { addDays, dayIn } from '../shared/zoned-time';
import type { TransactionRepository } from '../transactions/ports';
import { addFigures, emptyFigures, type Figures } from '../transactions/stats';
import { machineDaysBack, RATE_WINDOW_DAYS, saleRatePerHour, spreadHours, sumKpiDays, utcDay } from './counters';
import { kpisFrom, machineDays, soldValue, type AcceptanceTotals } from './kpis';
import type { KpiReads } from './ports';

export interface KpiDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  pos: PosReader;
  posLists: Pick<PosLists, 'counts'>;
  transactions: Pick<TransactionRepository, 'dayFigures'>;
  kpis: KpiReads;
  cash: Pick<CashReads, 'dayCounts' | 'acceptanceDays'>;
  nowMs: () => number;
}

/** Cash rejection rates need the cash-handling feature (its counters exist only then). */
const CASH_FEATURE = 'NEBULAR_CASH';

const sumFigures = (days: ReadonlyMap<string, Figures>, from: string, to: string) => {
  const sum = emptyFigures();
  for (const [day, f] of days) if (day >= from && day <= to) addFigures(sum, f);
  return sum;
};

function accepted(t: AcceptanceTotals): AcceptanceTotals | null {
  return t.coinAccepted + t.coinRejected + t.noteAccepted + t.noteRejected > 0 ? t : null;
}

async function interval(deps: KpiDeps, merchantId: string, days: number | undefined) {
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  const nowMs = deps.nowMs();
  const n = days ?? KPI_INTERVAL_DAYS.default;
  const to = dayIn(merchant.timezone, new Date(nowMs).toISOString());
  // Sales are read by the merchant's days; the KPI counters are kept by UTC day, so their n days end on the UTC day (at
  // most a day apart: a machine that joined at 00:30 in Rome on the 8th joined on the 7th in UTC, and counts from there).
  const utcToday = utcDay(nowMs);
  return { merchant, nowMs, n, to, from: addDays(to, -(n - 1)), utcFrom: addDays(utcToday, -(n - 1)), utcToday };
}

export async function merchantKpis(deps: KpiDeps, principal: Principal, q: MerchantKpisQuery): Promise<Kpis> {
  const groups = listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined);
  const { merchant, n, from, to, utcFrom, utcToday } = await interval(deps, q.merchantId, q.days);
  const nothing = groups !== undefined && groups.length === 0;
  const cash = !groups && merchant.features.includes(CASH_FEATURE);
  const [sales, counters, machines, cashDays] = await Promise.all([
    nothing ? new Map<string, Figures>() : deps.transactions.dayFigures(q.merchantId, groups, from, to),
    nothing ? new Map() : deps.kpis.scopeDays(q.merchantId, groups, utcFrom, utcToday),
    nothing ? { total: 0 } : deps.posLists.counts(q.merchantId, groups),
    cash ? deps.cash.dayCounts(q.merchantId, undefined, from, to) : undefined,
  ]);
  let acceptance: AcceptanceTotals | null = null;
  if (cashDays) {
    const t = { coinAccepted: 0, coinRejected: 0, noteAccepted: 0, noteRejected: 0 };
    for (const c of cashDays.values()) {
      t.coinAccepted += c[counterName.accepted('coin')] ?? 0;
      t.coinRejected += c[counterName.rejected('coin')] ?? 0;
      t.noteAccepted += c[counterName.accepted('note')] ?? 0;
      t.noteRejected += c[counterName.rejected('note')] ?? 0;
    }
    acceptance = accepted(t);
  }
  return {
    currency: merchant.currency,
    timezone: merchant.timezone,
    from,
    to,
    days: n,
    ...kpisFrom({
      sales: sumFigures(sales, from, to),
      machineDays: machineDaysBack(machines.total, counters, utcFrom, utcToday),
      counters: sumKpiDays(counters, utcFrom, utcToday),
      acceptance,
    }),
  };
}

export async function posKpis(deps: KpiDeps, principal: Principal, serial: string, q: PosKpisQuery): Promise<Kpis> {
  const stored = await requireVisiblePos(deps, principal, serial);
  const { record, telemetry } = stored;
  const { merchant, nowMs, n, from, to, utcFrom, utcToday } = await interval(deps, record.merchantId, q.days);
  const rateFrom = addDays(utcToday, -RATE_WINDOW_DAYS);
  const cash = merchant.features.includes(CASH_FEATURE);
  const [read, acceptanceDays] = await Promise.all([
    deps.kpis.machineDays(record.merchantId, serial, utcFrom, utcToday, rateFrom),
    cash ? deps.cash.acceptanceDays(record.merchantId, serial, from, to) : [],
  ]);
  const counters = sumKpiDays(read.counters, utcFrom, utcToday);
  // Offline now: the hours since it was last seen count already (the counters take them when it comes back).
  const lastSeen = telemetry.connection === 0 && telemetry.lastPingAt ? Math.max(Date.parse(telemetry.lastPingAt), Date.parse(`${utcFrom}T00:00:00Z`)) : NaN;
  if (Number.isFinite(lastSeen) && lastSeen < nowMs) {
    const value = new Map([...read.sales].map(([day, f]) => [day, soldValue(f)]));
    const open = spreadHours('offlineHours', lastSeen, nowMs, saleRatePerHour(value, nowMs));
    const openSum = sumKpiDays(open, utcFrom, utcToday);
    counters.offlineHours += openSum.offlineHours;
    counters.lostValue += openSum.lostValue;
  }
  const acceptance = accepted(
    acceptanceDays.reduce(
      (t, d) => ({
        coinAccepted: t.coinAccepted + d.coinAccepted,
        coinRejected: t.coinRejected + d.coinRejected,
        noteAccepted: t.noteAccepted + d.noteAccepted,
        noteRejected: t.noteRejected + d.noteRejected,
      }),
      { coinAccepted: 0, coinRejected: 0, noteAccepted: 0, noteRejected: 0 },
    ),
  );
  return {
    currency: merchant.currency,
    timezone: merchant.timezone,
    from,
    to,
    days: n,
    ...kpisFrom({
      sales: sumFigures(read.sales, from, to),
      machineDays: machineDays([record.createdAt.slice(0, 10)], utcFrom, utcToday),
      counters,
      acceptance,
    }),
  };
}

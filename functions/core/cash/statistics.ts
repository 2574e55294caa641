/**
 * The cash statistics of a machine or a merchant over a range of the merchant's days (spec §7: cash-acceptance stats,
 * /movements/stats), the device errors of a machine and its sensors' readings per submodule, read from the counters
 * and history ingestion keeps (ingest.ts, counters.ts).
 */
import { CASH_MEDIA, MOVEMENT_KINDS, REJECTION_REASONS, SUBMODULE_SENSORS, type CashMedium } from '#schemas/cash-messages';
import type {
  AcceptanceFigures,
  AcceptanceStats,
  CashMerchantRangeQuery,
  CashPosRangeQuery,
  DeviceErrorItem,
  DeviceErrorsQuery,
  MovementStats,
  SubmoduleChart,
  SubmoduleChartQuery,
} from '#schemas/cash-stats';
import { MAX_CASH_RANGE_DAYS } from '#schemas/cash-stats';
import type { Page } from '#schemas/paging';
import { requireVisiblePos } from '../devices/use-cases';
import type { PosReader } from '../devices/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { ValidationError } from '../shared/domain-error';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { addDays, dayIn } from '../shared/zoned-time';
import { listGroups } from '../devices/use-cases';
import { counterName, UNKNOWN_DENOMINATION } from './counters';
import type { CashReads, DayCounts } from './ports';

export interface CashStatsDeps {
  pos: PosReader;
  merchants: Pick<MerchantRepository, 'get'>;
  cash: CashReads;
  nowMs: () => number;
}

const DEFAULT_RANGE_DAYS = 30;
/** Readings a submodule chart draws at most (31 days of a reading every 5 minutes fit). */
const MAX_CHART_READINGS = 10_000;

interface Scope {
  merchantId: string;
  serial?: string;
  timezone: string;
  currency: string;
  from: string;
  to: string;
}

async function scopeOf(deps: CashStatsDeps, merchantId: string, serial: string | undefined, q: { from?: string; to?: string }): Promise<Scope> {
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  const to = q.to ?? dayIn(merchant.timezone, new Date(deps.nowMs()).toISOString());
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const invalid = (message: string) => new ValidationError('ValidationException', message, [{ path: 'query.from', message }]);
  if (from > to) throw invalid('from must not be after to');
  if (addDays(from, MAX_CASH_RANGE_DAYS) <= to) throw invalid(`the range covers at most ${MAX_CASH_RANGE_DAYS} days`);
  return { merchantId, ...(serial ? { serial } : {}), timezone: merchant.timezone, currency: merchant.currency, from, to };
}

async function machineScope(deps: CashStatsDeps, principal: Principal, serial: string, q: CashPosRangeQuery) {
  const { record } = await requireVisiblePos(deps, principal, serial);
  return scopeOf(deps, record.merchantId, serial, q);
}

async function merchantScope(deps: CashStatsDeps, principal: Principal, q: CashMerchantRangeQuery) {
  listGroups(principal, q.merchantId);
  return scopeOf(deps, q.merchantId, undefined, q);
}

const figures = (accepted: number, rejected: number): AcceptanceFigures => ({
  accepted,
  rejected,
  rejectionRate: accepted + rejected ? rejected / (accepted + rejected) : null,
});

const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** Acceptance from day counters: totals, by denomination (the unknown one as null) and by reason, and per day. */
export function acceptanceOf(scope: Omit<Scope, 'merchantId' | 'serial'>, counts: ReadonlyMap<string, DayCounts>): AcceptanceStats {
  const sum: DayCounts = {};
  for (const c of counts.values()) for (const [k, v] of Object.entries(c)) sum[k] = (sum[k] ?? 0) + v;
  const n = (name: string, from: DayCounts = sum) => from[name] ?? 0;
  const byDenomination = CASH_MEDIA.flatMap((medium) => {
    const denominations = new Set<string>();
    for (const k of Object.keys(sum)) {
      const m = new RegExp(`^(?:acc|rej)_${medium}_([0-9]+|${UNKNOWN_DENOMINATION})$`).exec(k);
      if (m) denominations.add(m[1]!);
    }
    return [...denominations]
      .map((d) => ({
        medium,
        denomination: d === UNKNOWN_DENOMINATION ? null : Number(d),
        ...figures(n(counterName.acceptedOf(medium, d)), n(counterName.rejectedOf(medium, d))),
      }))
      .sort((a, b) => (a.denomination ?? -1) - (b.denomination ?? -1));
  });
  const byReason = CASH_MEDIA.flatMap((medium) =>
    REJECTION_REASONS.map((reason) => ({ medium, reason, rejected: n(counterName.rejectedFor(medium, reason)) })).filter((r) => r.rejected > 0),
  );
  const medium = (m: CashMedium, c: DayCounts = sum) => figures(n(counterName.accepted(m), c), n(counterName.rejected(m), c));
  return {
    from: scope.from,
    to: scope.to,
    timezone: scope.timezone,
    currency: scope.currency,
    totals: { coin: medium('coin'), note: medium('note') },
    byDenomination,
    byReason,
    days: daysOf(scope.from, scope.to).map((day) => {
      const c = counts.get(day) ?? {};
      return { day, coin: medium('coin', c), note: medium('note', c) };
    }),
  };
}

/** Movements from day counters and the balance now: totals per kind, and the balance after each day of the range. */
export function movementsOf(scope: Omit<Scope, 'merchantId' | 'serial'>, counts: ReadonlyMap<string, DayCounts>, balanceNow: number): MovementStats {
  const inRange = daysOf(scope.from, scope.to);
  const netOf = (day: string) => counts.get(day)?.[counterName.net] ?? 0;
  // Balance after the last day of the range: now, less what moved after it.
  const after = [...counts.keys()].filter((d) => d > scope.to).reduce((s, d) => s + netOf(d), 0);
  const closingBalance = balanceNow - after;
  const net = inRange.reduce((s, d) => s + netOf(d), 0);
  let balance = closingBalance - net;
  const openingBalance = balance;
  return {
    from: scope.from,
    to: scope.to,
    timezone: scope.timezone,
    currency: scope.currency,
    totals: MOVEMENT_KINDS.map((kind) => ({
      kind,
      amount: inRange.reduce((s, d) => s + (counts.get(d)?.[counterName.moved(kind)] ?? 0), 0),
      count: inRange.reduce((s, d) => s + (counts.get(d)?.[counterName.movements(kind)] ?? 0), 0),
    })),
    net,
    openingBalance,
    closingBalance,
    days: inRange.map((day) => {
      balance += netOf(day);
      const c = counts.get(day) ?? {};
      return { day, net: netOf(day), balance, amounts: Object.fromEntries(MOVEMENT_KINDS.map((k) => [k, c[counterName.moved(k)] ?? 0])) };
    }),
  };
}

export async function posAcceptanceStats(deps: CashStatsDeps, principal: Principal, serial: string, q: CashPosRangeQuery): Promise<AcceptanceStats> {
  const scope = await machineScope(deps, principal, serial, q);
  return acceptanceOf(scope, await deps.cash.dayCounts(scope.merchantId, serial, scope.from, scope.to));
}

export async function merchantAcceptanceStats(deps: CashStatsDeps, principal: Principal, q: CashMerchantRangeQuery): Promise<AcceptanceStats> {
  const scope = await merchantScope(deps, principal, q);
  return acceptanceOf(scope, await deps.cash.dayCounts(scope.merchantId, undefined, scope.from, scope.to));
}

async function movementStats(deps: CashStatsDeps, scope: Scope): Promise<MovementStats> {
  // Through today, so the balance before and after each day follows from the balance now.
  const today = dayIn(scope.timezone, new Date(deps.nowMs()).toISOString());
  const [counts, balance] = await Promise.all([
    deps.cash.dayCounts(scope.merchantId, scope.serial, scope.from, today > scope.to ? today : scope.to),
    deps.cash.balance(scope.merchantId, scope.serial),
  ]);
  return movementsOf(scope, counts, balance);
}

export async function posMovementStats(deps: CashStatsDeps, principal: Principal, serial: string, q: CashPosRangeQuery): Promise<MovementStats> {
  return movementStats(deps, await machineScope(deps, principal, serial, q));
}

export async function merchantMovementStats(deps: CashStatsDeps, principal: Principal, q: CashMerchantRangeQuery): Promise<MovementStats> {
  return movementStats(deps, await merchantScope(deps, principal, q));
}

export async function posDeviceErrors(deps: CashStatsDeps, principal: Principal, serial: string, q: DeviceErrorsQuery): Promise<Page<DeviceErrorItem>> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const canonical = (iso?: string) => (iso ? new Date(iso).toISOString() : undefined);
  const { items, cursor, total } = await deps.cash.deviceErrors(
    record.merchantId,
    serial,
    { device: q.device, code: q.code, from: canonical(q.from), to: canonical(q.to) },
    { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor },
  );
  return pageOf(q, { items: items.map((e) => ({ ...e, message: e.message ?? null })), ...(cursor ? { cursor } : {}) }, total);
}

export async function posSubmoduleChart(deps: CashStatsDeps, principal: Principal, serial: string, q: SubmoduleChartQuery): Promise<SubmoduleChart> {
  const { record } = await requireVisiblePos(deps, principal, serial);
  const readings = await deps.cash.sensorReadings(record.merchantId, serial, new Date(q.from).toISOString(), new Date(q.to).toISOString(), MAX_CHART_READINGS);
  if (!q.submodule) return { points: readings };
  const names = new Set<string>(SUBMODULE_SENSORS[q.submodule]);
  return {
    points: readings
      .map((r) => ({ at: r.at, values: Object.fromEntries(Object.entries(r.values).filter(([k]) => names.has(k))) }))
      .filter((r) => Object.keys(r.values).length > 0),
  };
}

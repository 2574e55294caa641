/**
 * The merchants dashboard (issue 30 item 3): one row per merchant the caller may see (a merchant role: its own; a
 * group admin: its groups' figures; the super admin: every merchant), from counters only. Per merchant a bounded
 * number of reads whatever its fleet and history (ACCESS-PATTERNS "Merchants dashboard").
 */
import type { MerchantDashboardRow, MerchantsDashboard } from '#schemas/merchants-dashboard';
import { KPI_INTERVAL_DAYS } from '#schemas/kpi-constants';
import type { Merchant } from '#schemas/merchant';
import type { AlarmRepository } from '../alarms/ports';
import type { PosLists } from '../devices/ports';
import { soldCount, soldValue } from '../kpis/kpis';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { addDays, dayIn, firstOfMonth, weekdayOf } from '../shared/zoned-time';
import type { TransactionRepository } from '../transactions/ports';
import { addFigures, daysOf, emptyFigures, type Figures } from '../transactions/stats';
import { rowKpis } from './row-kpis';

export interface MerchantsDashboardDeps {
  merchants: Pick<MerchantRepository, 'listAll' | 'getMany'>;
  transactions: Pick<TransactionRepository, 'dayFigures'>;
  posLists: Pick<PosLists, 'visibleCounts'>;
  alarms: Pick<AlarmRepository, 'stats'>;
  now: () => string;
}

/** Merchants read at once (each ≤ 4 calls), so a platform of many merchants does not open hundreds of reads together. */
export const MERCHANTS_READ_AT_ONCE = 8;

const sold = (f: Figures) => ({ count: soldCount(f), value: soldValue(f) });

function sumDays(days: ReadonlyMap<string, Figures>, from: string, to: string): Figures {
  return daysOf(from, to).reduce((total, d) => (days.has(d) ? addFigures(total, days.get(d)!) : total), emptyFigures());
}

/** One merchant's row: its days from the earlier of the month's first and the KPI interval's, its machine and alarm counters. */
async function rowOf(deps: MerchantsDashboardDeps, merchant: Merchant, groups: readonly string[] | undefined, now: string): Promise<MerchantDashboardRow> {
  const today = dayIn(merchant.timezone, now);
  const kpiFrom = addDays(today, 1 - KPI_INTERVAL_DAYS.default);
  const monthFrom = firstOfMonth(today);
  const weekFrom = addDays(today, -weekdayOf(today));
  const from = [kpiFrom, monthFrom, weekFrom].sort()[0]!;
  const nothing = groups !== undefined && groups.length === 0;
  const [days, counts, alarms] = await Promise.all([
    nothing ? new Map<string, Figures>() : deps.transactions.dayFigures(merchant.id, groups, from, today),
    nothing ? undefined : deps.posLists.visibleCounts(merchant.id, groups),
    nothing ? undefined : deps.alarms.stats(merchant.id, groups, []),
  ]);
  const machines = { visible: counts?.visible ?? 0, online: counts?.online ?? 0, offline: counts?.offline ?? 0, blocking: counts?.critical ?? 0 };
  return {
    merchantId: merchant.id,
    name: merchant.name,
    country: merchant.country,
    currency: merchant.currency,
    timezone: merchant.timezone,
    today,
    sales: {
      today: sold(sumDays(days, today, today)),
      week: sold(sumDays(days, weekFrom, today)),
      month: sold(sumDays(days, monthFrom, today)),
    },
    machines,
    alarmsActive: alarms?.counts.byStatus.active ?? 0,
    kpis: rowKpis({ sales: sumDays(days, kpiFrom, today), machineDays: machines.visible * KPI_INTERVAL_DAYS.default }),
  };
}

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function inTurns<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export async function getMerchantsDashboard(deps: MerchantsDashboardDeps, principal: Principal): Promise<MerchantsDashboard> {
  const merchants = principal.allMerchants ? await deps.merchants.listAll() : await deps.merchants.getMany([...new Set(principal.merchantIds)]);
  const now = deps.now();
  const rows = await inTurns(merchants, MERCHANTS_READ_AT_ONCE, (m) => {
    const scope = groupScope(principal, m.id);
    return rowOf(deps, m, scope.kind === 'groups' ? scope.groupIds : undefined, now);
  });
  return { kpiDays: KPI_INTERVAL_DAYS.default, rows };
}

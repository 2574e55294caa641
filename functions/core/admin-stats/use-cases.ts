/**
 * The super admin's platform statistics (spec §7 /admin/stats/*), from counters kept on write only: the merchants'
 * counter (by country and feature), and per merchant its machine, media and sales counters, summed here. The cost
 * grows with the number of merchants (one BatchGetItem per 100 merchants; sales: ≤ 2 Queries a merchant), never
 * with their machines, medias or transactions (ACCESS-PATTERNS "Platform statistics").
 */
import type { AdminMediaStats, AdminMerchantStats, AdminPosStats, AdminTransactionStats, CountsBy } from '#schemas/admin-stats';
import { soldCount, soldValue } from '../kpis/kpis';
import type { MerchantRepository } from '../merchants/ports';
import type { PlatformCounters } from './ports';
import { addDays, dayIn } from '../shared/zoned-time';
import type { TransactionRepository } from '../transactions/ports';
import { addFigures, daysOf, emptyFigures, type Figures } from '../transactions/stats';

export interface AdminStatsDeps {
  merchants: Pick<MerchantRepository, 'listAll'>;
  counters: PlatformCounters;
  transactions: Pick<TransactionRepository, 'dayFigures'>;
  now: () => string;
}

/** Days of the platform's transactions chart. */
export const ADMIN_STATS_DAYS = 30;
/** Merchants whose sales days are read at once. */
const MERCHANTS_READ_AT_ONCE = 8;

/** The attributes `{prefix}{key}` of a counter as counts by key, largest first (never below zero: items counted before these attributes existed). */
export function countsBy(counter: Readonly<Record<string, number>>, prefix: string): CountsBy {
  return Object.entries(counter)
    .filter(([k, v]) => k.startsWith(prefix) && v > 0)
    .map(([k, count]) => ({ key: k.slice(prefix.length), count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

const n = (counter: Readonly<Record<string, number>>, attribute: string) => Math.max(0, counter[attribute] ?? 0);

export async function merchantStats(deps: AdminStatsDeps): Promise<AdminMerchantStats> {
  const c = await deps.counters.merchants();
  return { total: n(c, 'count'), byCountry: countsBy(c, 'country_'), byFeature: countsBy(c, 'feature_') };
}

const merchantIds = async (deps: AdminStatsDeps) => (await deps.merchants.listAll()).map((m) => m.id);

export async function posStats(deps: AdminStatsDeps): Promise<AdminPosStats> {
  const c = await deps.counters.machines(await merchantIds(deps));
  return {
    total: n(c, 'total'),
    hidden: n(c, 'hidden'),
    byDeviceType: countsBy(c, 'type_'),
    byConnection: { online: n(c, 'online'), offline: n(c, 'offline'), unknown: n(c, 'unknown') },
    byStatus: { ok: n(c, 'ok'), warning: n(c, 'warning'), critical: n(c, 'critical') },
  };
}

export async function mediaStats(deps: AdminStatsDeps): Promise<AdminMediaStats> {
  const c = await deps.counters.medias(await merchantIds(deps));
  return { total: n(c, 'count'), byType: countsBy(c, 'type_'), byStatus: countsBy(c, 'status_') };
}

/** Transactions per day across the platform: each merchant's statistics days (its local days) of the last 30, summed by day. */
export async function transactionStats(deps: AdminStatsDeps): Promise<AdminTransactionStats> {
  const merchants = await deps.merchants.listAll();
  const now = deps.now();
  // Up to the newest merchant's today: east of UTC a merchant's day starts before the UTC one does.
  const to = merchants.reduce(
    (latest, m) => {
      const today = dayIn(m.timezone, now);
      return today > latest ? today : latest;
    },
    dayIn('UTC', now),
  );
  const from = addDays(to, 1 - ADMIN_STATS_DAYS);
  const byDay = new Map<string, Figures>(daysOf(from, to).map((d) => [d, emptyFigures()]));
  const byCurrency = new Map<string, { count: number; value: number }>();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < merchants.length; i = next++) {
      const m = merchants[i]!;
      const days = await deps.transactions.dayFigures(m.id, undefined, from, to);
      const sold = byCurrency.get(m.currency) ?? { count: 0, value: 0 };
      for (const [day, figures] of days) {
        const into = byDay.get(day);
        if (!into) continue;
        addFigures(into, figures);
        sold.count += soldCount(figures);
        sold.value += soldValue(figures);
      }
      byCurrency.set(m.currency, sold);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MERCHANTS_READ_AT_ONCE, merchants.length) }, worker));
  return {
    from,
    to,
    days: [...byDay].map(([day, figures]) => ({ day, figures })),
    byCurrency: [...byCurrency]
      .filter(([, sold]) => sold.count > 0)
      .map(([currency, sold]) => ({ currency, sold }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

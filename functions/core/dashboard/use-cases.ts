/**
 * The dashboard of a merchant, or of a group admin's groups (issue 30 item 1), from counters only: a bounded number
 * of reads whatever the fleet (ACCESS-PATTERNS "Dashboard").
 */
import { COMMAND_STATUS } from '#schemas/remote-command-constants';
import type { Dashboard, DashboardQuery } from '#schemas/dashboard';
import type { AlarmRepository } from '../alarms/ports';
import { toAlarms } from '../alarms/use-cases';
import type { PosLists } from '../devices/ports';
import { listGroups } from '../devices/use-cases';
import type { MerchantRepository } from '../merchants/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import type { RemoteCommandRepository } from '../remote-commands/ports';
import type { Principal } from '../shared/principal';
import type { Total } from '#schemas/paging';
import { addDays, dayIn, firstOfMonth, hourIn } from '../shared/zoned-time';
import type { TransactionRepository } from '../transactions/ports';
import { emptyFigures, type Figures } from '../transactions/stats';
import { ANOMALY_CODES } from '#schemas/anomaly-constants';
import { dailySeries, readRange, salesPeriods } from './periods';

export interface DashboardDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  transactions: Pick<TransactionRepository, 'dayFigures' | 'hourFigures'>;
  posLists: Pick<PosLists, 'visibleCounts'>;
  commands: Pick<RemoteCommandRepository, 'countMerchant'>;
  alarms: Pick<AlarmRepository, 'list' | 'posNames'>;
  now: () => string;
}

/** Open anomalies listed at most. */
export const DASHBOARD_ANOMALIES = 10;

const NO_MACHINES = { total: 0, visible: 0, hidden: 0, online: 0, offline: 0, unknown: 0, ok: 0, warning: 0, critical: 0 };
const noHours = () => Array.from({ length: 24 }, () => emptyFigures());

export async function getDashboard(deps: DashboardDeps, principal: Principal, q: DashboardQuery): Promise<Dashboard> {
  const groups = listGroups(principal, q.merchantId, q.groupId ? [q.groupId] : undefined);
  const merchant = await deps.merchants.get(q.merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  const now = deps.now();
  const { timezone, currency } = merchant;
  const today = dayIn(timezone, now);
  const hour = Number(hourIn(timezone, now));
  const range = readRange(today);
  const nothing = groups !== undefined && groups.length === 0;
  const since = new Date(Date.parse(now) - 86_400_000).toISOString();
  const commandCount = async (status: number): Promise<Total> =>
    nothing ? { count: 0 } : deps.commands.countMerchant(q.merchantId, { status, from: since, ...(groups ? { groupIds: groups } : {}) });

  const [days, hoursToday, hoursWeekBefore, machines, scheduled, running, failed, anomalies] = await Promise.all([
    nothing ? new Map<string, Figures>() : deps.transactions.dayFigures(q.merchantId, groups, range.from, range.to),
    nothing ? noHours() : deps.transactions.hourFigures(q.merchantId, groups, today),
    nothing ? noHours() : deps.transactions.hourFigures(q.merchantId, groups, addDays(today, -7)),
    nothing ? NO_MACHINES : deps.posLists.visibleCounts(q.merchantId, groups),
    commandCount(COMMAND_STATUS.scheduled),
    commandCount(COMMAND_STATUS.running),
    commandCount(COMMAND_STATUS.notExecuted),
    nothing
      ? { items: [] }
      : deps.alarms.list(
          { merchantId: q.merchantId, ...(groups ? { groupIds: groups } : {}), status: 'active', codes: ANOMALY_CODES },
          { offset: 0, limit: DASHBOARD_ANOMALIES, ordType: 'desc' },
        ),
  ]);
  return {
    currency,
    timezone,
    today,
    hour,
    sales: salesPeriods(days, today, hour, hoursToday, hoursWeekBefore),
    chart: { week: dailySeries(days, addDays(today, -6), today), month: dailySeries(days, firstOfMonth(today), today) },
    machines,
    commands: {
      pending: scheduled.count + running.count,
      failed: failed.count,
      ...(scheduled.atLeast || running.atLeast || failed.atLeast ? { atLeast: true as const } : {}),
    },
    anomalies: await toAlarms(deps, q.merchantId, anomalies.items),
  };
}

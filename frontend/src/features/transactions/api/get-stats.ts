import useSWR from 'swr';
import { TransactionStats, TransactionStatsByPos } from '#schemas/transaction';
import type { StatsPeriod } from '#schemas/transaction-constants';
import { apiGet } from '../../../lib/api';

/** What the statistics screen shows: days (YYYY-MM-DD, both inclusive, the merchant's time zone), period, group. */
export interface StatsChoice {
  from: string;
  to: string;
  period: StatsPeriod;
  groupId: string;
}

const scope = (merchantId: string, c: StatsChoice) => ({ merchantId, from: c.from, to: c.to, ...(c.groupId ? { groupId: c.groupId } : {}) });

/** GET /transactions/stats?merchantId&from&to&period&groupId: count and value per category for each period, from counters. */
export function useStats(merchantId: string, choice: StatsChoice) {
  return useSWR(
    ['/transactions/stats', merchantId, choice] as const,
    ([path, m, c]) => apiGet(path, TransactionStats, { query: { ...scope(m, c), period: c.period } }),
    {
      keepPreviousData: true,
    },
  );
}

/** GET /transactions/stats/pos?merchantId&from&to&groupId: count and value per category for each machine that sold in the range. */
export function useStatsByPos(merchantId: string, choice: StatsChoice) {
  return useSWR(
    ['/transactions/stats/pos', merchantId, choice.from, choice.to, choice.groupId] as const,
    ([path, m]) => apiGet(path, TransactionStatsByPos, { query: scope(m, choice) }),
    {
      keepPreviousData: true,
    },
  );
}

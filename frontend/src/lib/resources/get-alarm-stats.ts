import useSWR, { mutate } from 'swr';
import { AlarmStats } from '#schemas/alarm';
import { apiGet } from '../api';

/** GET /merchants/{id}/alarms/stats: alarm counts maintained on write (a group admin's are its groups'). Used by /alarms and the dashboard. */
const STATS = '/merchants/alarms/stats';
export const alarmStatsKey = (merchantId: string) => [STATS, merchantId] as const;

export function useAlarmStats(merchantId: string | null) {
  return useSWR(merchantId ? alarmStatsKey(merchantId) : null, ([, m]) => apiGet(`/merchants/${encodeURIComponent(m)}/alarms/stats`, AlarmStats));
}

export function revalidateAlarmStats(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === STATS);
}

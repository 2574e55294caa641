import useSWR, { mutate } from 'swr';
import { AlarmStats } from '#schemas/alarm';
import { apiGet } from '../../../lib/api';

/** GET /pos/{serial}/alarms/stats: the machine's alarm counts, maintained on write. */
const STATS = '/pos/alarms/stats';

export function usePosAlarmStats(serial: string) {
  return useSWR([STATS, serial] as const, ([, s]) => apiGet(`/pos/${encodeURIComponent(s)}/alarms/stats`, AlarmStats));
}

export function revalidatePosAlarmStats(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === STATS);
}

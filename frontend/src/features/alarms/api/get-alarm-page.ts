import useSWR, { mutate } from 'swr';
import { AlarmPage } from '#schemas/alarm';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';
import { revalidateAlarmStats } from '../../../lib/resources/get-alarm-stats';
import { revalidatePosAlarmStats } from './get-pos-alarm-stats';

/** Whose alarms a table lists: a merchant's (/alarms) or one machine's (its alarms tab). */
export type AlarmScope = { merchantId: string } | { serial: string };

export const alarmsPath = (scope: AlarmScope) =>
  'serial' in scope ? `/pos/${encodeURIComponent(scope.serial)}/alarms` : `/merchants/${encodeURIComponent(scope.merchantId)}/alarms`;

/** GET /merchants/{id}/alarms or /pos/{serial}/alarms ?page&size&ordType&cursor&status&category&criticity&from&to: newest first. */
const LIST = '/alarms/page';
export const alarmPageKey = (scope: AlarmScope, query: PageQuery) => [LIST, alarmsPath(scope), query] as const;

export function useAlarmPage(scope: AlarmScope, query: PageQuery) {
  return useSWR(alarmPageKey(scope, query), ([, path, q]) => apiGet(path, AlarmPage, { query: historyQuery(q) }), { keepPreviousData: true });
}

/** After a repair or delete: every loaded alarm list and the counts load again. */
export function revalidateAlarmLists(): Promise<unknown> {
  return Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), revalidateAlarmStats(), revalidatePosAlarmStats()]);
}

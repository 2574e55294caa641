import useSWR, { mutate } from 'swr';
import { MasterAlarmPage } from '#schemas/alarm';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /master-alarms?page&size&ord=code&ordType&cursor&search: the catalogue by code, without troubleshooting content. */
const LIST = '/master-alarms/page';
export const MASTER_ALARMS_PATH = '/master-alarms';

export function useMasterAlarmPage(query: PageQuery) {
  return useSWR([LIST, query] as const, ([, q]) => apiGet(MASTER_ALARMS_PATH, MasterAlarmPage, { query: q }), { keepPreviousData: true });
}

export function revalidateMasterAlarmLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

import useSWR, { mutate } from 'swr';
import { AlarmSettingPage } from '#schemas/alarm';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /merchants/{id}/alarm-settings?page&size&ord=name&ordType&cursor: a page of the merchant's alarm notification settings. */
const LIST = '/alarm-settings/page';
export const settingsPath = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}/alarm-settings`;

export function useSettingPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, settingsPath(merchantId), query] as const, ([, path, q]) => apiGet(path, AlarmSettingPage, { query: q }), { keepPreviousData: true });
}

export function revalidateSettingLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}

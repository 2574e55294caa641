import useSWR from 'swr';
import { AlarmSetting } from '#schemas/alarm';
import { apiGet } from '../../../lib/api';
import { settingsPath } from './get-setting-page';

/** GET /merchants/{id}/alarm-settings/{settingId}. */
export const settingKey = (merchantId: string, id: string) => `${settingsPath(merchantId)}/${encodeURIComponent(id)}`;

export function useSetting(merchantId: string | null, id: string) {
  return useSWR(merchantId ? settingKey(merchantId, id) : null, (key: string) => apiGet(key, AlarmSetting));
}

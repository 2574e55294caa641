import useSWR from 'swr';
import { MasterAlarm } from '#schemas/alarm';
import { apiGet } from '../../../lib/api';
import { MASTER_ALARMS_PATH } from './get-master-alarm-page';

/** GET /master-alarms/{code}: with its level 1 and level 2 troubleshooting content. */
export const masterAlarmKey = (code: string) => `${MASTER_ALARMS_PATH}/${encodeURIComponent(code)}`;

export function useMasterAlarm(code: string) {
  return useSWR(masterAlarmKey(code), (key: string) => apiGet(key, MasterAlarm));
}

import { mutate } from 'swr';
import { MasterAlarm, type MasterAlarmCreate, type MasterAlarmInput } from '#schemas/alarm';
import { apiRequest, LONG_TIMEOUT_MS } from '../../../lib/api';
import { masterAlarmKey } from './get-master-alarm';
import { MASTER_ALARMS_PATH, revalidateMasterAlarmLists } from './get-master-alarm-page';

async function stored(alarm: MasterAlarm): Promise<MasterAlarm> {
  await mutate(masterAlarmKey(alarm.code), alarm, { revalidate: false });
  void revalidateMasterAlarmLists();
  return alarm;
}

/** POST /master-alarms → 201; 409 DuplicateMasterAlarmException; 400 TroubleshootingContentExceedsSizeLimits. */
export async function createMasterAlarm(input: MasterAlarmCreate): Promise<MasterAlarm> {
  return stored(await apiRequest(MASTER_ALARMS_PATH, { method: 'POST', body: input, schema: MasterAlarm, timeoutMs: LONG_TIMEOUT_MS }));
}

/** PUT /master-alarms/{code}: same checks as create. */
export async function updateMasterAlarm(code: string, input: MasterAlarmInput): Promise<MasterAlarm> {
  return stored(await apiRequest(masterAlarmKey(code), { method: 'PUT', body: input, schema: MasterAlarm, timeoutMs: LONG_TIMEOUT_MS }));
}

/** DELETE /master-alarms/{code} → 204. */
export async function deleteMasterAlarm(code: string): Promise<void> {
  await apiRequest<void>(masterAlarmKey(code), { method: 'DELETE' });
  await mutate(masterAlarmKey(code), undefined, { revalidate: false });
  void revalidateMasterAlarmLists();
}

import { Alarm } from '#schemas/alarm';
import { apiRequest } from '../../../lib/api';
import { revalidateAlarmLists } from './get-alarm-page';

/** PUT /pos/{serial}/alarms/{id}/repair → the alarm repaired manually; 409 AlarmAlreadyRepairedException. */
export async function repairAlarm(serial: string, id: string): Promise<Alarm> {
  const alarm = await apiRequest(`/pos/${encodeURIComponent(serial)}/alarms/${encodeURIComponent(id)}/repair`, { method: 'PUT', schema: Alarm });
  void revalidateAlarmLists();
  return alarm;
}

import { apiRequest } from '../../../lib/api';
import { revalidateAlarmLists } from './get-alarm-page';

/** DELETE /pos/{serial}/alarms/{id} → 204. */
export async function deleteAlarm(serial: string, id: string): Promise<void> {
  await apiRequest<void>(`/pos/${encodeURIComponent(serial)}/alarms/${encodeURIComponent(id)}`, { method: 'DELETE' });
  void revalidateAlarmLists();
}

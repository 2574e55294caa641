import { mutate } from 'swr';
import { AlarmSetting, type AlarmSettingInput } from '#schemas/alarm';
import { apiRequest } from '../../../lib/api';
import { settingKey } from './get-setting';
import { revalidateSettingLists, settingsPath } from './get-setting-page';

async function stored(setting: AlarmSetting): Promise<AlarmSetting> {
  await mutate(settingKey(setting.merchantId, setting.id), setting, { revalidate: false });
  void revalidateSettingLists();
  return setting;
}

/** POST /merchants/{id}/alarm-settings → 201; 409 duplicate name; 403 AdvancedAlarmsNotEnabledException. */
export async function createSetting(merchantId: string, input: AlarmSettingInput): Promise<AlarmSetting> {
  return stored(await apiRequest(settingsPath(merchantId), { method: 'POST', body: input, schema: AlarmSetting }));
}

/** PUT /merchants/{id}/alarm-settings/{settingId}: same checks as create. */
export async function updateSetting(merchantId: string, id: string, input: AlarmSettingInput): Promise<AlarmSetting> {
  return stored(await apiRequest(settingKey(merchantId, id), { method: 'PUT', body: input, schema: AlarmSetting }));
}

/** DELETE /merchants/{id}/alarm-settings/{settingId} → 204. */
export async function deleteSetting(merchantId: string, id: string): Promise<void> {
  await apiRequest<void>(settingKey(merchantId, id), { method: 'DELETE' });
  await mutate(settingKey(merchantId, id), undefined, { revalidate: false });
  void revalidateSettingLists();
}

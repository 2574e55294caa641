import { mutate } from 'swr';
import { SuperAdminSettings, type SuperAdminSettingsInput } from '#schemas/merchant-settings';
import { apiRequest } from '../../../lib/api';
import { superAdminSettingsKey } from './get-super-admin-settings';

/** PUT /merchants/{id}/super-admin-settings */
export async function saveSuperAdminSettings(id: string, input: SuperAdminSettingsInput): Promise<SuperAdminSettings> {
  const settings = await apiRequest(superAdminSettingsKey(id), { method: 'PUT', body: input, schema: SuperAdminSettings });
  await mutate(superAdminSettingsKey(id), settings, { revalidate: false });
  return settings;
}

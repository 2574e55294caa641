import { mutate } from 'swr';
import { RegeneratedApiToken } from '#schemas/merchant-settings';
import { apiRequest } from '../../../lib/api';
import { merchantSettingsKey } from './get-merchant-settings';

/** POST /merchants/{id}/settings/api-token: a new token, shown this once (only its hash is stored); the previous one stops working. */
export async function regenerateApiToken(id: string): Promise<string> {
  const { apiToken, ...settings } = await apiRequest(`${merchantSettingsKey(id)}/api-token`, { method: 'POST', schema: RegeneratedApiToken });
  await mutate(merchantSettingsKey(id), settings, { revalidate: false });
  return apiToken;
}

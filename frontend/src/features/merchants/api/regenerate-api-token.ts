import { mutate } from 'swr';
import { MerchantSettings } from '#schemas/merchant-settings';
import { apiRequest } from '../../../lib/api';
import { merchantSettingsKey } from './get-merchant-settings';

/** POST /merchants/{id}/settings/api-token: a new token; the previous one stops working. */
export async function regenerateApiToken(id: string): Promise<MerchantSettings> {
  const settings = await apiRequest(`${merchantSettingsKey(id)}/api-token`, { method: 'POST', schema: MerchantSettings });
  await mutate(merchantSettingsKey(id), settings, { revalidate: false });
  return settings;
}

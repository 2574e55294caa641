import { mutate } from 'swr';
import { MerchantSettings, type MerchantSettingsInput } from '#schemas/merchant-settings';
import { apiRequest } from '../../../lib/api';
import { merchantSettingsKey } from './get-merchant-settings';

/** PUT /merchants/{id}/settings */
export async function saveMerchantSettings(id: string, input: MerchantSettingsInput): Promise<MerchantSettings> {
  const settings = await apiRequest(merchantSettingsKey(id), { method: 'PUT', body: input, schema: MerchantSettings });
  await mutate(merchantSettingsKey(id), settings, { revalidate: false });
  return settings;
}

import useSWR from 'swr';
import { MerchantSettings } from '#schemas/merchant-settings';
import { apiGet } from '../../../lib/api';
import { merchantKey } from './get-merchant';

/** GET /merchants/{id}/settings (defaults until first saved). */
export const merchantSettingsKey = (id: string) => `${merchantKey(id)}/settings`;
export const fetchMerchantSettings = (id: string) => apiGet(merchantSettingsKey(id), MerchantSettings);

export function useMerchantSettings(id: string) {
  return useSWR(merchantSettingsKey(id), () => fetchMerchantSettings(id));
}

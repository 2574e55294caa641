import useSWR from 'swr';
import { SuperAdminSettings } from '#schemas/merchant-settings';
import { apiGet } from '../../../lib/api';
import { merchantKey } from './get-merchant';

/** GET /merchants/{id}/super-admin-settings */
export const superAdminSettingsKey = (id: string) => `${merchantKey(id)}/super-admin-settings`;
export const fetchSuperAdminSettings = (id: string) => apiGet(superAdminSettingsKey(id), SuperAdminSettings);

export function useSuperAdminSettings(id: string) {
  return useSWR(superAdminSettingsKey(id), () => fetchSuperAdminSettings(id));
}

import useSWR from 'swr';
import { ScreenConfiguration } from '#schemas/screen-configuration';
import { apiGet } from '../../../lib/api';
import { screenConfigurationsPath } from './get-screen-configuration-page';

/** GET /merchants/{id}/screen-configurations/{configurationId}; another merchant's answers 404. */
export const screenConfigurationKey = (merchantId: string, id: string) => `${screenConfigurationsPath(merchantId)}/${encodeURIComponent(id)}`;

export function useScreenConfiguration(merchantId: string | null, id: string) {
  return useSWR(merchantId ? screenConfigurationKey(merchantId, id) : null, (key: string) => apiGet(key, ScreenConfiguration));
}

import useSWR from 'swr';
import { VpConfiguration } from '#schemas/vp-configuration';
import { apiGet } from '../../../lib/api';
import { vpConfigurationsPath } from './get-vp-configuration-page';

/** GET /merchants/{id}/vp/configurations/{configurationId}: the current version; another merchant's answers 404. */
export const vpConfigurationKey = (merchantId: string, id: string) => `${vpConfigurationsPath(merchantId)}/${encodeURIComponent(id)}`;

export function useVpConfiguration(merchantId: string | null, id: string) {
  return useSWR(merchantId ? vpConfigurationKey(merchantId, id) : null, (key: string) => apiGet(key, VpConfiguration));
}

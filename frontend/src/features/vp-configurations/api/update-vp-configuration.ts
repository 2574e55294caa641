import { mutate } from 'swr';
import { VpConfiguration, type VpConfigurationInput } from '#schemas/vp-configuration';
import { apiRequest } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';
import { revalidateVpConfigurationLists } from './get-vp-configuration-page';
import { revalidateVpVersions } from './get-vp-versions';

/** PUT /merchants/{id}/vp/configurations/{configurationId}: a new version; 409 VpConfigChangedConcurrentlyException when another save made it first. */
export async function updateVpConfiguration(merchantId: string, id: string, input: VpConfigurationInput): Promise<VpConfiguration> {
  const saved = await apiRequest(vpConfigurationKey(merchantId, id), { method: 'PUT', body: input, schema: VpConfiguration });
  await mutate(vpConfigurationKey(merchantId, id), saved, { revalidate: false });
  void revalidateVpConfigurationLists();
  void revalidateVpVersions();
  return saved;
}

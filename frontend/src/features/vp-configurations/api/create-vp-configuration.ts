import { mutate } from 'swr';
import { VpConfiguration, type VpConfigurationInput } from '#schemas/vp-configuration';
import { apiRequest } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';
import { revalidateVpConfigurationLists, vpConfigurationsPath } from './get-vp-configuration-page';

/** POST /merchants/{id}/vp/configurations → 201 (version 1); 400 VpConfigNotValidException, 409 DuplicateVpConfigNameException, 413 over 64 KB. */
export async function createVpConfiguration(merchantId: string, input: VpConfigurationInput): Promise<VpConfiguration> {
  const created = await apiRequest(vpConfigurationsPath(merchantId), { method: 'POST', body: input, schema: VpConfiguration });
  await mutate(vpConfigurationKey(merchantId, created.id), created, { revalidate: false });
  void revalidateVpConfigurationLists();
  return created;
}

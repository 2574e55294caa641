import { mutate } from 'swr';
import { ScreenConfiguration, type ScreenConfigurationInput } from '#schemas/screen-configuration';
import { apiRequest } from '../../../lib/api';
import { screenConfigurationKey } from './get-screen-configuration';
import { revalidateScreenConfigurationLists, screenConfigurationsPath } from './get-screen-configuration-page';

/** POST …/screen-configurations → 201, or PUT …/{configurationId}; 409 DuplicateScreenConfigurationNameException. */
export async function saveScreenConfiguration(merchantId: string, id: string | null, input: ScreenConfigurationInput): Promise<ScreenConfiguration> {
  const saved = await apiRequest(id ? screenConfigurationKey(merchantId, id) : screenConfigurationsPath(merchantId), {
    method: id ? 'PUT' : 'POST',
    body: input,
    schema: ScreenConfiguration,
  });
  await mutate(screenConfigurationKey(merchantId, saved.id), saved, { revalidate: false });
  void revalidateScreenConfigurationLists();
  return saved;
}

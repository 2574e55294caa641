import { mutate } from 'swr';
import { CustomConfig, type ConfigValues } from '#schemas/pos-config';
import { apiRequest } from '../../../lib/api';
import { customConfigKey } from './get-custom-config';
import { posConfigsKey } from './get-pos-configs';

/** PUT /pos/{serial}/custom-configs (body values): stored as the machine's custom config, pending until the device reports it. */
export async function saveCustomConfig(serial: string, values: ConfigValues): Promise<CustomConfig> {
  const saved = await apiRequest(customConfigKey(serial), { method: 'PUT', body: { values }, schema: CustomConfig });
  await mutate(customConfigKey(serial), saved, { revalidate: false });
  void mutate(posConfigsKey(serial));
  return saved;
}

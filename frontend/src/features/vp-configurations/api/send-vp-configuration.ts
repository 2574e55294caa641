import { VpConfigurationSendResult } from '#schemas/vp-configuration';
import { apiRequest } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';
import { revalidateVpPos } from './get-vp-pos';

/** POST …/{configurationId}/send: command 13 to each machine; 403 SendVpConfigNotAllowed for another device type (nothing sent). */
export async function sendVpConfiguration(merchantId: string, id: string, serials: string[]): Promise<VpConfigurationSendResult> {
  const result = await apiRequest(`${vpConfigurationKey(merchantId, id)}/send`, { method: 'POST', body: { serials }, schema: VpConfigurationSendResult });
  void revalidateVpPos();
  return result;
}

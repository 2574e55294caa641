import { ScreenConfigurationSendResult } from '#schemas/screen-configuration';
import { apiRequest } from '../../../lib/api';
import { screenConfigurationKey } from './get-screen-configuration';

/** POST …/{configurationId}/send: command 7 to each machine of the merchant. */
export const sendScreenConfiguration = (merchantId: string, id: string, serials: string[]) =>
  apiRequest(`${screenConfigurationKey(merchantId, id)}/send`, { method: 'POST', body: { serials }, schema: ScreenConfigurationSendResult });

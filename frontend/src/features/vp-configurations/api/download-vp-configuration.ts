import { apiFile, type ApiFile } from '../../../lib/api';
import { vpConfigurationKey } from './get-vp-configuration';

export interface VpDownloadOptions {
  expiresOn: string;
  deviceSerial: string;
  usbSerial: string;
  includeDeviceType: boolean;
}

/** GET …/{configurationId}/download with the spec's options (empty ones left out): the file for a USB key. */
export function downloadVpConfiguration(merchantId: string, id: string, o: VpDownloadOptions): Promise<ApiFile> {
  const query: Record<string, string> = { includeDeviceType: String(o.includeDeviceType) };
  if (o.expiresOn) query.expiresOn = o.expiresOn;
  if (o.deviceSerial.trim()) query.deviceSerial = o.deviceSerial.trim();
  if (o.usbSerial.trim()) query.usbSerial = o.usbSerial.trim();
  return apiFile(`${vpConfigurationKey(merchantId, id)}/download`, { query });
}

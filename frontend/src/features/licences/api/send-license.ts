import { License } from '#schemas/licence';
import { apiRequest } from '../../../lib/api';
import { revalidateLicenses } from './get-license-page';

/** POST /service-manager/send-license: the client is e-mailed a single-use link (1 sent). */
export async function sendLicense(serial: string): Promise<License> {
  const license = await apiRequest('/service-manager/send-license', { method: 'POST', body: { serial }, schema: License });
  await revalidateLicenses();
  return license;
}

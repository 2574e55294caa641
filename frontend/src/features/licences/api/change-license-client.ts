import { License } from '#schemas/licence';
import { apiRequest } from '../../../lib/api';
import { revalidateLicenses } from './get-license-page';

/** POST /service-manager/change-client-license: another client, who confirms again (unless the licence runs). */
export async function changeLicenseClient(body: { serial: string; clientId: string; organisation: string; email: string }): Promise<License> {
  const license = await apiRequest('/service-manager/change-client-license', { method: 'POST', body, schema: License });
  await revalidateLicenses();
  return license;
}

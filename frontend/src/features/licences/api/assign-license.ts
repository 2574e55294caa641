import { License, type LicenseInput } from '#schemas/licence';
import { apiRequest } from '../../../lib/api';
import { revalidateLicenses } from './get-license-page';

/** POST /service-manager/license: a licence for a machine without one (0 pending). */
export async function assignLicense(input: LicenseInput): Promise<License> {
  const license = await apiRequest('/service-manager/license', { method: 'POST', body: input, schema: License });
  await revalidateLicenses();
  return license;
}

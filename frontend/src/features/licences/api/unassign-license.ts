import { License } from '#schemas/licence';
import { apiRequest } from '../../../lib/api';
import { revalidateLicenses } from './get-license-page';

/** POST /service-manager/unassign-license: by one of the four cases (spec §4). */
export async function unassignLicense(serial: string, unassignCase: number): Promise<License> {
  const license = await apiRequest('/service-manager/unassign-license', { method: 'POST', body: { serial, case: unassignCase }, schema: License });
  await revalidateLicenses();
  return license;
}

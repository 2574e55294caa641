import useSWR from 'swr';
import { License } from '#schemas/licence';
import { apiGet } from '../../../lib/api';

/** GET /service-manager/license/{serial}: the machine's licence; 404 LicenseDoesNotExistException without one. */
export function usePosLicense(serial: string | null) {
  return useSWR(serial ? `/service-manager/license/${encodeURIComponent(serial)}` : null, (path: string) => apiGet(path, License));
}

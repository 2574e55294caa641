import useSWR from 'swr';
import { MasterAlarm } from '#schemas/alarm';
import { apiGet } from '../../../lib/api';

/** GET /master-alarms/{code}: the troubleshooting content of an alarm code (every role reads it); 404 when the catalogue has none. */
export function useTroubleshooting(code: string | null) {
  return useSWR(code ? `/master-alarms/${encodeURIComponent(code)}` : null, (path: string) => apiGet(path, MasterAlarm), { shouldRetryOnError: false });
}

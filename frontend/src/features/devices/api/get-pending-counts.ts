import useSWR from 'swr';
import { PendingCounts } from '#schemas/remote-command';
import { apiGet } from '../../../lib/api';

/** GET /remote-commands/pending-counts?merchantId&serials: pending remote commands of the machines of a list page. */
export function usePendingCounts(merchantId: string, serials: string) {
  return useSWR(serials ? ['/remote-commands/pending-counts', merchantId, serials] : null, ([path, m, s]) =>
    apiGet(path, PendingCounts, { query: { merchantId: m, serials: s } }),
  );
}

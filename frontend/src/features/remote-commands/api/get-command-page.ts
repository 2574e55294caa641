import useSWR, { mutate } from 'swr';
import { RemoteCommandPage, type RemoteCommand } from '../../../../../schemas/remote-command';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /remote-commands?merchantId&page&size&ordType&cursor&type&status: a merchant's commands, newest first. */
const LIST = '/remote-commands/page';
export const commandPageKey = (merchantId: string, query: PageQuery) => [LIST, merchantId, query] as const;
export const fetchCommandPage = (merchantId: string, query: PageQuery) => apiGet('/remote-commands', RemoteCommandPage, { query: { ...query, merchantId } });

/** While a command on the page is pending its status is polled, so it moves on screen as the device answers. */
export const LIVE_REFRESH_MS = 2_000;
export const refreshWhilePending = (page: { items: RemoteCommand[] } | undefined) => (page?.items.some((c) => c.status <= 1) ? LIVE_REFRESH_MS : 0);

export function useCommandPage(merchantId: string | null, query: PageQuery) {
  return useSWR(merchantId ? commandPageKey(merchantId, query) : null, ([, m, q]) => fetchCommandPage(m, q), { keepPreviousData: true, refreshInterval: refreshWhilePending });
}

/** After a send or a cancel: every loaded list (merchant and machine) loads again. */
export function revalidateCommandLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/remote-commands/'));
}

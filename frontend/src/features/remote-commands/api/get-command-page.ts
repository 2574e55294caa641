import useSWR, { mutate } from 'swr';
import { RemoteCommandPage, type RemoteCommand } from '#schemas/remote-command';
import { useLiveRefresh } from '../../../components/data-table/live-refresh';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /remote-commands?merchantId&page&size&ordType&cursor&type&status: a merchant's commands, newest first. */
const LIST = '/remote-commands/page';
export const commandPageKey = (merchantId: string, query: PageQuery) => [LIST, merchantId, query] as const;
export const fetchCommandPage = (merchantId: string, query: PageQuery) => apiGet('/remote-commands', RemoteCommandPage, { query: { ...query, merchantId } });

/** Scheduled (0) or running (1): the device has not answered yet. */
export const isPendingCommand = (command: RemoteCommand) => command.status <= 1;

/** Polled while a command of the page is pending (live status). */
export function useCommandPage(merchantId: string | null, query: PageQuery) {
  return useSWR(merchantId ? commandPageKey(merchantId, query) : null, ([, m, q]) => fetchCommandPage(m, q), useLiveRefresh(isPendingCommand));
}

/** After a send or a cancel: every loaded list (merchant and machine) loads again. */
export function revalidateCommandLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/remote-commands/'));
}

import useSWR from 'swr';
import { RemoteCommandPage } from '#schemas/remote-command';
import { useLiveRefresh } from '../../../components/data-table/live-refresh';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { isPendingCommand } from './get-command-page';

/** GET /remote-commands/pos/{serial}?page&size&ordType&cursor&type&status: one machine's commands, newest first (the device tab). */
const LIST = '/remote-commands/pos/page';
export const posCommandPageKey = (serial: string, query: PageQuery) => [LIST, serial, query] as const;
export const fetchPosCommandPage = (serial: string, query: PageQuery) =>
  apiGet(`/remote-commands/pos/${encodeURIComponent(serial)}`, RemoteCommandPage, { query });

/** Polled while a command of the page is pending (live status). */
export function usePosCommandPage(serial: string, query: PageQuery) {
  return useSWR(posCommandPageKey(serial, query), ([, s, q]) => fetchPosCommandPage(s, q), useLiveRefresh(isPendingCommand));
}

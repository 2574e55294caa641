import useSWR from 'swr';
import { TransactionPage } from '#schemas/transaction';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';
import { mediaKey } from './get-media';

/**
 * GET /medias/{mediaId}/transactions and /refunds?merchantId&page&size&ordType&cursor&from&to: the media's
 * transactions (at machines and in the cloud; a group admin: its groups' machines and the cloud ones), or only
 * its refunds (media types 230 and 250), newest first.
 */
const LIST = '/medias/transactions';
export type MediaTransactionList = 'transactions' | 'refunds';

export function useMediaTransactions(merchantId: string, mediaId: string, list: MediaTransactionList, query: PageQuery) {
  return useSWR(
    [LIST, `${mediaKey(mediaId)}/${list}`, merchantId, query] as const,
    ([, path, m, q]) => apiGet(path, TransactionPage, { query: { ...historyQuery(q), merchantId: m } }),
    { keepPreviousData: true },
  );
}

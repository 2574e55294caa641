import useSWR from 'swr';
import { TransactionPage } from '#schemas/transaction';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';

/**
 * GET /transactions?merchantId&page&size&ordType&cursor + from, to, serials, groupId, type, mediaType, sourceType,
 * productCode, valueMin, valueMax: a page of the merchant's transactions (a group admin's groups only).
 */
const LIST = '/transactions';

export function useTransactionPage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([path, m, q]) => apiGet(path, TransactionPage, { query: { ...historyQuery(q), merchantId: m } }), {
    keepPreviousData: true,
  });
}

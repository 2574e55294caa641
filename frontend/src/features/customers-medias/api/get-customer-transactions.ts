import useSWR from 'swr';
import { TransactionPage } from '#schemas/transaction';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';
import { customerKey } from './get-customer';

/**
 * GET /customers/{id}/transactions?merchantId&page&size&ordType&cursor&from&to: the transactions of the
 * customer's medias, newest first (a group admin: at its groups' machines, and the cloud ones).
 */
export function useCustomerTransactions(merchantId: string, id: string, query: PageQuery) {
  return useSWR(
    [`${customerKey(id)}/transactions`, merchantId, query] as const,
    ([path, m, q]) => apiGet(path, TransactionPage, { query: { ...historyQuery(q), merchantId: m } }),
    { keepPreviousData: true },
  );
}

import useSWR from 'swr';
import { PosTransactionPage } from '#schemas/pos-history';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';
import { historyQuery } from '../../../components/date-range/instants';

/** GET /pos/{serial}/transactions?page&size&ordType&cursor&from&to&type: the machine's transactions, newest first. */
const LIST = '/pos/transactions/page';
export const transactionsPath = (serial: string) => `${posKey(serial)}/transactions`;
export const transactionPageKey = (serial: string, query: PageQuery) => [LIST, serial, query] as const;
export const fetchTransactionPage = (serial: string, query: PageQuery) => apiGet(transactionsPath(serial), PosTransactionPage, { query: historyQuery(query) });

export function useTransactionPage(serial: string, query: PageQuery) {
  return useSWR(transactionPageKey(serial, query), ([, s, q]) => fetchTransactionPage(s, q), { keepPreviousData: true });
}

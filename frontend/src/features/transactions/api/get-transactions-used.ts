import useSWR from 'swr';
import { TransactionsUsed } from '#schemas/transaction';
import { apiGet } from '../../../lib/api';

/** GET /transactions/used?merchantId: the types, media types and source types the merchant's transactions used (the filter lists). */
export function useTransactionsUsed(merchantId: string) {
  return useSWR(['/transactions/used', merchantId] as const, ([path, m]) => apiGet(path, TransactionsUsed, { query: { merchantId: m } }));
}

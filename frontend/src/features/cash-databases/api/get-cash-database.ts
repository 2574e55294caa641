import useSWR from 'swr';
import { CashDatabase } from '#schemas/cash-database';
import { apiGet } from '../../../lib/api';
import { cashDatabasesPath } from './get-cash-database-page';

/** GET /merchants/{id}/cash-databases/{cashDatabaseId}. */
export const cashDatabaseKey = (merchantId: string, id: string) => `${cashDatabasesPath(merchantId)}/${encodeURIComponent(id)}`;

export function useCashDatabase(merchantId: string | null, id: string) {
  return useSWR(merchantId ? cashDatabaseKey(merchantId, id) : null, (key: string) => apiGet(key, CashDatabase));
}

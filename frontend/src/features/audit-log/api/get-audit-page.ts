import useSWR from 'swr';
import { AuditTrailPage } from '#schemas/audit';
import type { PageQuery } from '../../../components/data-table/table-state';
import { historyQuery } from '../../../components/date-range/instants';
import { apiGet } from '../../../lib/api';

/** GET /audit?merchantId&page&size&ord&ordType&cursor&from&to&userId&action&outcome&serial&mediaId&targetUserId: the audit trail, newest first. */
const LIST = '/audit';

/** The page of the merchant's audit trail the table's query asks for; nothing is read while `query` is null. */
export function useAuditPage(merchantId: string, query: PageQuery | null) {
  return useSWR(
    query ? ([LIST, merchantId, query] as const) : null,
    ([path, m, q]) => apiGet(path, AuditTrailPage, { query: { ...historyQuery(q), merchantId: m } }),
    {
      keepPreviousData: true,
    },
  );
}

import useSWR from 'swr';
import { AuditPage } from '#schemas/pos-history';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiFile, apiGet, type ApiFile } from '../../../lib/api';
import { posKey } from './get-pos';
import { historyQuery } from '../../../components/date-range/instants';

/** GET /pos/{serial}/audits?page&size&ordType&cursor&from&to&origin: the machine's audits, newest first. */
const LIST = '/pos/audits/page';
export const auditsPath = (serial: string) => `${posKey(serial)}/audits`;
export const auditPageKey = (serial: string, query: PageQuery) => [LIST, serial, query] as const;
export const fetchAuditPage = (serial: string, query: PageQuery) => apiGet(auditsPath(serial), AuditPage, { query: historyQuery(query) });

export function useAuditPage(serial: string, query: PageQuery) {
  return useSWR(auditPageKey(serial, query), ([, s, q]) => fetchAuditPage(s, q), { keepPreviousData: true });
}

/** GET /pos/{serial}/audits/{auditId}/download: the EVA-DTS text as `{serial}-{readAt}.dex`. */
export const downloadAudit = (serial: string, auditId: string): Promise<ApiFile> => apiFile(`${auditsPath(serial)}/${encodeURIComponent(auditId)}/download`);

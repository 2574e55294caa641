import { ReportFile, type ReportFormat } from '#schemas/report';
import { apiFile, apiRequest, LONG_TIMEOUT_MS, type ApiFile } from '../../../lib/api';
import { queryOf, type ReportChoice } from '../state';

/** POST /report/{type}/files: the report workflow makes the PDF or CSV (202; 404 ReportNoDataException). */
export const createReportFile = (merchantId: string, choice: ReportChoice, format: ReportFormat, language: string) =>
  apiRequest(`/report/${choice.type}/files`, { method: 'POST', query: queryOf(merchantId, choice), body: { format, language }, schema: ReportFile });

/** GET /report-files/{fileId}: its status and the rows written so far. */
export const getReportFile = (merchantId: string, fileId: string) =>
  apiRequest(`/report-files/${encodeURIComponent(fileId)}`, { query: { merchantId }, schema: ReportFile });

/** GET /report-files/{fileId}/download: 302 to a short-lived presigned GET, which fetch follows (see data-requests). */
export const downloadReportFile = (merchantId: string, fileId: string): Promise<ApiFile> =>
  apiFile(`/report-files/${encodeURIComponent(fileId)}/download?merchantId=${encodeURIComponent(merchantId)}`, { timeoutMs: LONG_TIMEOUT_MS });

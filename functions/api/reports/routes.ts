import { ReportFile, ReportFileCreate, ReportFileParams, ReportFileQuery, ReportParams, ReportQuery, ReportResult, REPORT_PAGE_ROWS } from '#schemas/report';
import { ALL_ROLES } from '#schemas/roles';
import { createReportFile, getReport, getReportFile, reportFileDownload } from '../../core/reports/use-cases';
import { redirect, routeFor } from '../../http/manifest';
import type { ReportsGroupDeps } from './deps';

const route = routeFor<ReportsGroupDeps>();

const PARAMETERS = 'custom parameter: groupId (every type), clientId (pos), productCode (products)';

export const routes = [
  route({
    id: 'reports.get',
    method: 'GET',
    path: '/report/{type}',
    roles: ALL_ROLES,
    summary: `A report of a merchant’s days (from, to: both included, at most 366, in its time zone; ${PARAMETERS}): its columns, totals and first ${REPORT_PAGE_ROWS} rows. Products, pos and alarms-downtime come from counters; 404 ReportNoDataException when the range holds nothing`,
    request: { params: ReportParams, query: ReportQuery },
    response: ReportResult,
    errors: { 404: ['MerchantNotFoundException', 'ReportNoDataException'] },
    handler: ({ deps, principal, params, query }) => getReport(deps, principal, params.type, query),
  }),
  route({
    id: 'reports.createFile',
    method: 'POST',
    path: '/report/{type}/files',
    roles: ALL_ROLES,
    summary:
      'Make the report’s PDF or CSV (the report workflow writes it to a file; follow its progress with GET /report-files/{fileId}); 404 ReportNoDataException when the range holds nothing',
    request: { params: ReportParams, query: ReportQuery, body: ReportFileCreate },
    response: ReportFile,
    status: 202,
    errors: { 404: ['MerchantNotFoundException', 'ReportNoDataException'] },
    handler: ({ deps, principal, params, query, body }) => createReportFile(deps, principal, params.type, query, body),
  }),
  route({
    id: 'reports.getFile',
    method: 'GET',
    path: '/report-files/{fileId}',
    roles: ALL_ROLES,
    summary: 'A report file the caller asked for: its status and the rows written so far',
    request: { params: ReportFileParams, query: ReportFileQuery },
    response: ReportFile,
    errors: { 404: ['MerchantNotFoundException', 'ReportFileNotFoundException'] },
    handler: ({ deps, principal, params, query }) => getReportFile(deps, principal, query.merchantId, params.fileId),
  }),
  route({
    id: 'reports.downloadFile',
    method: 'GET',
    path: '/report-files/{fileId}/download',
    roles: ALL_ROLES,
    summary: 'Redirect (302) to the report file: a link valid 5 minutes; 409 ReportFileNotReadyException before it is Completed',
    request: { params: ReportFileParams, query: ReportFileQuery },
    response: null,
    status: 302,
    errors: { 404: ['MerchantNotFoundException', 'ReportFileNotFoundException'], 409: ['ReportFileNotReadyException'] },
    handler: async ({ deps, principal, params, query }) => redirect(await reportFileDownload(deps, principal, query.merchantId, params.fileId)),
  }),
];

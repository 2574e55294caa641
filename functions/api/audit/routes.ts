import * as z from 'zod/mini';
import {
  AuditTrailEntry,
  AuditTrailEntryParams,
  AuditTrailFilterQuery,
  AuditTrailPage,
  AuditTrailPageQuery,
  AuditTrailScopeQuery,
  MAX_AUDIT_TRAIL_CSV_ROWS,
  MAX_AUDIT_TRAIL_RANGE_DAYS,
} from '#schemas/audit';
import { ADMINS } from '#schemas/roles';
import { AuditTrailTooManyRowsException } from '../../core/audit/errors';
import { auditTrailCsv, getAuditTrailEntry, listAuditTrail } from '../../core/audit/use-cases';
import { gzippedAttachment } from '../../http/gzipped-attachment';
import { routeFor } from '../../http/manifest';
import type { AuditGroupDeps } from './deps';

const route = routeFor<AuditGroupDeps>();

const FILTERS = `date range (from, to: at most ${MAX_AUDIT_TRAIL_RANGE_DAYS} days; default the last 30), user (userId), action (a route id), outcome, target (serial, mediaId, targetUserId)`;

// The literal /audit/csv is matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'audit.list',
    method: 'GET',
    path: '/audit',
    roles: ADMINS,
    summary: `The merchant’s audit trail (every mutating call: who, what, targets, outcome, before → after), newest first unless ordType=asc; filters: ${FILTERS}`,
    request: { query: AuditTrailPageQuery },
    response: AuditTrailPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listAuditTrail(deps, principal, query),
  }),
  route({
    id: 'audit.csv',
    method: 'GET',
    path: '/audit/csv',
    roles: ADMINS,
    summary: `The selection (${FILTERS}) as CSV (gzip-encoded), at most ${MAX_AUDIT_TRAIL_CSV_ROWS} rows: past it 400 MaxResultsExceededException (narrow the range, or export its days through POST /merchants/{id}/historicaldata with dataType AuditTrail)`,
    request: { query: AuditTrailFilterQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) =>
      gzippedAttachment(
        `audit-trail-${query.merchantId}.csv`,
        auditTrailCsv(deps, principal, query),
        () => new AuditTrailTooManyRowsException(deps.csvMaxRows),
      ),
  }),
  route({
    id: 'audit.get',
    method: 'GET',
    path: '/audit/entries/{seq}',
    roles: ADMINS,
    summary: 'One entry of the merchant’s audit trail by its position in the chain',
    request: { params: AuditTrailEntryParams, query: AuditTrailScopeQuery },
    response: AuditTrailEntry,
    errors: { 404: ['MerchantNotFoundException', 'AuditTrailEntryNotFoundException'] },
    handler: ({ deps, principal, params, query }) => getAuditTrailEntry(deps, principal, query.merchantId, params.seq),
  }),
];

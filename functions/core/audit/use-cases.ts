import type { AuditTrailEntry, AuditTrailFilterQuery, AuditTrailPageQuery } from '#schemas/audit';
import {
  AUDIT_TRAIL_CSV_COLUMNS,
  AUDIT_TRAIL_PLATFORM_MERCHANT,
  DEFAULT_AUDIT_TRAIL_RANGE_DAYS,
  MAX_AUDIT_TRAIL_CSV_ROWS,
  MAX_AUDIT_TRAIL_RANGE_DAYS,
} from '#schemas/audit-constants';
import type { Page } from '#schemas/paging';
import { MerchantNotFoundException } from '../merchants/errors';
import { ValidationError } from '../shared/domain-error';
import { csvHeader, csvLine } from '../shared/csv';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { auditTrailCsvRow } from './csv-row';
import { AuditTrailEntryNotFoundException, AuditTrailTooManyRowsException } from './errors';
import type { AuditTrailSelection, AuditTrailStore } from './ports';

export interface AuditTrailDeps {
  auditTrail: AuditTrailStore;
  now: () => string;
  /** Most rows of one direct CSV (MAX_AUDIT_TRAIL_CSV_ROWS unless the stage says otherwise). */
  csvMaxRows?: number;
}

/** A merchant admin reads its own merchants' trails; the super admin any, the platform's too. Else 404, as for any foreign id. */
function requireTrail(principal: Principal, merchantId: string): void {
  if (principal.role === 'NEBULARSUPERADMIN') return;
  if (merchantId === AUDIT_TRAIL_PLATFORM_MERCHANT || !canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

const DAY_MS = 86_400_000;

/** The query's filters as a selection: the default range, checked once more now that both ends are known. */
function selectionOf(q: AuditTrailFilterQuery, now: string): AuditTrailSelection {
  const to = new Date(q.to ?? now).toISOString();
  const from = new Date(q.from ?? Date.parse(to) - DEFAULT_AUDIT_TRAIL_RANGE_DAYS * DAY_MS).toISOString();
  if (from >= to) throw new ValidationError('ValidationException', 'from must be before to', [{ path: 'query.from', message: 'from must be before to' }]);
  if (Date.parse(to) - Date.parse(from) > MAX_AUDIT_TRAIL_RANGE_DAYS * DAY_MS)
    throw new ValidationError('ValidationException', `the range covers at most ${MAX_AUDIT_TRAIL_RANGE_DAYS} days`, [
      { path: 'query.from', message: `the range covers at most ${MAX_AUDIT_TRAIL_RANGE_DAYS} days` },
    ]);
  const targets = [
    ...(q.serial ? [`pos:${q.serial}`] : []),
    ...(q.mediaId ? [`media:${q.mediaId}`] : []),
    ...(q.targetUserId ? [`user:${q.targetUserId}`] : []),
  ];
  return { from, to, userId: q.userId, action: q.action, outcome: q.outcome, targets };
}

export async function listAuditTrail(deps: AuditTrailDeps, principal: Principal, q: AuditTrailPageQuery): Promise<Page<AuditTrailEntry>> {
  requireTrail(principal, q.merchantId);
  const sel = selectionOf(q, deps.now());
  const [slice, total] = await Promise.all([
    deps.auditTrail.listSlice(q.merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.auditTrail.count(q.merchantId, sel),
  ]);
  return pageOf(q, slice, total);
}

export async function getAuditTrailEntry(deps: AuditTrailDeps, principal: Principal, merchantId: string, seq: number): Promise<AuditTrailEntry> {
  requireTrail(principal, merchantId);
  const entry = await deps.auditTrail.get(merchantId, seq);
  if (!entry) throw new AuditTrailEntryNotFoundException();
  return entry;
}

/**
 * The selection as CSV, at most MAX_AUDIT_TRAIL_CSV_ROWS rows (past it 400, before anything is answered: the console then
 * exports the period through historical data, dataType AuditTrail).
 */
export async function* auditTrailCsv(deps: AuditTrailDeps, principal: Principal, q: AuditTrailFilterQuery): AsyncGenerator<string> {
  requireTrail(principal, q.merchantId);
  const max = deps.csvMaxRows ?? MAX_AUDIT_TRAIL_CSV_ROWS;
  const entries = await deps.auditTrail.read(q.merchantId, { ...selectionOf(q, deps.now()), ordType: q.ordType, max: max + 1 });
  if (entries.length > max) throw new AuditTrailTooManyRowsException(max);
  yield csvHeader(AUDIT_TRAIL_CSV_COLUMNS);
  for (let i = 0; i < entries.length; i += 500)
    yield entries
      .slice(i, i + 500)
      .map((e) => csvLine(AUDIT_TRAIL_CSV_COLUMNS, auditTrailCsvRow(e)))
      .join('');
}

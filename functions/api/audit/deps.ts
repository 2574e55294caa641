import { AUDIT_TRAIL_RETENTION_DAYS, MAX_AUDIT_TRAIL_CSV_ROWS } from '#schemas/audit-constants';
import { DynamoAuditTrailStore } from '../../adapters/dynamodb/audit-trail-store';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { positiveInt } from '../../runtime/config';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The audit group reads only: the merchants' audit trails. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  auditTrail: new DynamoAuditTrailStore(doc, tableName, positiveInt(process.env, 'AUDIT_TRAIL_RETENTION_DAYS', AUDIT_TRAIL_RETENTION_DAYS)),
  // Lowered only by the browser tests' stack, so that a selection past it (exported through historical data) is cheap to make.
  csvMaxRows: positiveInt(process.env, 'AUDIT_TRAIL_CSV_MAX_ROWS', MAX_AUDIT_TRAIL_CSV_ROWS),
}));

export type AuditGroupDeps = ReturnType<typeof deps>;

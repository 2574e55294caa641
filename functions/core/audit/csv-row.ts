/** The audit trail as CSV rows: the API's direct CSV (use-cases.ts) and the historical export (historical-data/export.ts). */
import type { AuditTrailEntry } from '#schemas/audit';

/** One CSV row: the actor's fields apart, targets as `type:id` joined by spaces, changes as JSON. */
export const auditTrailCsvRow = (e: AuditTrailEntry) => ({
  ...e,
  actorKind: e.actor.kind,
  userId: e.actor.userId,
  email: e.actor.email,
  role: e.actor.role,
  targets: e.targets.map((t) => `${t.type}:${t.id}`).join(' '),
  changes: e.changes.length ? JSON.stringify(e.changes) : '',
});

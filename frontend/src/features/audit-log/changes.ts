import { AUDIT_TRAIL_SECRET_VALUE, type AuditTrailChange, type AuditTrailTarget } from '#schemas/audit';

/** The field of a change that is the whole record: a creation (before null) or a removal (after null). */
const WHOLE_RECORD = '*';

/** How one side of a change reads: a secret (never its value), nothing (the field was absent), or the value as text. */
export type ChangeSide = { kind: 'secret' } | { kind: 'none' } | { kind: 'value'; text: string };

/** A secret's change is written with AUDIT_TRAIL_SECRET_VALUE on both sides: it says "changed", never a value. */
export const isSecretChange = (change: AuditTrailChange) => change.before === AUDIT_TRAIL_SECRET_VALUE && change.after === AUDIT_TRAIL_SECRET_VALUE;

/** A JSON value as a reader sees it: text and numbers as they are, lists and objects as indented JSON (a whole record created or removed). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

export function changeSides(change: AuditTrailChange): { before: ChangeSide; after: ChangeSide } {
  if (isSecretChange(change)) return { before: { kind: 'secret' }, after: { kind: 'secret' } };
  const side = (value: unknown): ChangeSide => (value === null || value === undefined ? { kind: 'none' } : { kind: 'value', text: valueText(value) });
  return { before: side(change.before), after: side(change.after) };
}

/** What the change names: the field within its entity, and which one when that is not already what the entry is about. */
export function changeSubject(change: AuditTrailChange, targets: readonly AuditTrailTarget[] = []): string {
  const which = change.entityId !== null && !targets.some((t) => t.id === change.entityId) ? change.entityId : null;
  // `*`: the whole record (created or removed).
  const field = change.field === WHOLE_RECORD ? null : change.field;
  return [change.entity, which, field].filter((part) => part !== null && part !== '').join(' · ');
}

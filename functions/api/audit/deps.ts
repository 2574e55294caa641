import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The audit group reads only: the audit trail (its own table) and the merchants a caller may see. */
export const deps = groupDeps(access, () => ({}));

export type AuditGroupDeps = ReturnType<typeof deps>;

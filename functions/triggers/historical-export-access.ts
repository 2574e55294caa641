import type { FunctionAccess } from '../runtime/access';

/** What the historical export's Task functions (Export, RecordFailure) reach. */
export const historicalExportAccess = { table: 'readWrite', buckets: { exports: 'readWrite' } } as const satisfies FunctionAccess;

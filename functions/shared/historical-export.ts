import type { FunctionAccess } from './access';

// Placeholder until the historical export's composition (helper `datarequests`) lands: its version replaces this file.
/** What the historical export's Task functions reach. */
export const historicalExportAccess: FunctionAccess = { table: 'readWrite' };

/** A machine's name, read from its POS item (16) by ingestion, the alarms and the exports. */
import * as z from 'zod/mini';
import { recordSchema } from './records';

/** The projection `serial name` of a POS item, parsed (ACCESS-PATTERNS: Record schemas); project `pk, sk` too, so an error line names the item. */
export const posNameProjection = recordSchema('pos', z.object({ serial: z.string(), name: z.string() }));

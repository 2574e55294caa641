import * as z from 'zod/mini';
import { ProductId } from './product-id';

/*
 * A planogram and its lines as stored and answered. Apart from planogram.ts (which re-exports them) so that its
 * record schema (read by the machines' stock writes) bundles none of the planogram inputs and queries.
 */

/** Spec §3: planogram types A hot, B cold. */
export const PLANOGRAM_TYPES = ['A', 'B'] as const;
export const PlanogramType = z.enum(PLANOGRAM_TYPES);
export type PlanogramType = z.infer<typeof PlanogramType>;

import { MAX_LINE_CAPACITY, SELECTION_PATTERN } from './planogram-constants';

export { MAX_LINE_CAPACITY, SELECTION_PATTERN } from './planogram-constants';

const int = (min: number, max: number, what: string) =>
  z
    .number()
    .check(z.int(`${what} must be a whole number`), z.minimum(min, `${what} must be at least ${min}`), z.maximum(max, `${what} must be at most ${max}`));

/** One selection of the machine: which product it holds, how many fit, when it is low, how many a refill puts in. */
export const PlanogramLine = z
  .strictObject({
    selection: z.string().check(z.trim(), z.regex(SELECTION_PATTERN, 'selection must be 1–8 letters or digits')),
    productId: ProductId,
    capacity: int(1, MAX_LINE_CAPACITY, 'capacity'),
    warningLevel: int(0, MAX_LINE_CAPACITY, 'warning level'),
    refillValue: int(1, MAX_LINE_CAPACITY, 'refill value'),
  })
  .check(
    z.refine((l) => l.warningLevel <= l.capacity, { message: 'warning level must not exceed capacity', path: ['warningLevel'] }),
    z.refine((l) => l.refillValue <= l.capacity, { message: 'refill value must not exceed capacity', path: ['refillValue'] }),
  );
export type PlanogramLine = z.infer<typeof PlanogramLine>;

/** A merchant's planogram (spec §3); `machines` counts the machines associated with it. */
export const Planogram = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  description: z.string(),
  planogramType: PlanogramType,
  lines: z.array(PlanogramLine),
  machines: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Planogram = z.infer<typeof Planogram>;

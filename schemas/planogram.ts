import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';
import { ProductId } from './product';

export const PlanogramId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid planogram id'));
export const PlanogramParams = z.strictObject({ id: MerchantId, planogramId: PlanogramId });

/** Spec §3: planogram types A hot, B cold. */
export const PLANOGRAM_TYPES = ['A', 'B'] as const;
export const PlanogramType = z.enum(PLANOGRAM_TYPES);
export type PlanogramType = z.infer<typeof PlanogramType>;

export const MAX_PLANOGRAM_LINES = 200;
/**
 * Different products one planogram may hold: its save is one transaction with two items per product (its entry
 * in the index of lines by product and its planograms count, ACCESS-PATTERNS 26g, 26c), and a transaction holds
 * at most 100 items.
 */
export const MAX_PLANOGRAM_PRODUCTS = 48;
export const MAX_LINE_CAPACITY = 999;
/** The selection code as the machine reports it in EVA-DTS PA101. */
export const SELECTION_PATTERN = /^[A-Za-z0-9]{1,8}$/;

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

export const PlanogramInput = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
    description: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
    planogramType: PlanogramType,
    lines: z.array(PlanogramLine).check(z.maxLength(MAX_PLANOGRAM_LINES, `at most ${MAX_PLANOGRAM_LINES} lines`)),
  })
  .check(
    z.superRefine((p, ctx) => {
      const seen = new Set<string>();
      p.lines.forEach((l, i) => {
        const key = l.selection.toUpperCase();
        if (seen.has(key)) ctx.issues.push({ code: 'custom', message: 'selection is repeated', path: ['lines', i, 'selection'], input: l.selection });
        seen.add(key);
      });
      if (new Set(p.lines.map((l) => l.productId)).size > MAX_PLANOGRAM_PRODUCTS) {
        ctx.issues.push({ code: 'custom', message: `at most ${MAX_PLANOGRAM_PRODUCTS} different products`, path: ['lines'], input: p.lines });
      }
    }),
  );
export type PlanogramInput = z.infer<typeof PlanogramInput>;

export const PlanogramListQuery = pageQuery(['name'] as const);
export const PlanogramPage = page(Planogram);

/** DELETE answer: how many machines lost the planogram (and with it stock management, spec §4). */
export const PlanogramDeleted = z.object({ machinesUnassigned: z.number() });
export type PlanogramDeleted = z.infer<typeof PlanogramDeleted>;

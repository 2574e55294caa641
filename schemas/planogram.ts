import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';
import { Planogram, PlanogramLine, PlanogramType } from './planogram-entity';

export { MAX_LINE_CAPACITY, PLANOGRAM_TYPES, Planogram, PlanogramLine, PlanogramType, SELECTION_PATTERN } from './planogram-entity';

export const PlanogramId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid planogram id'));
export const PlanogramParams = z.strictObject({ id: MerchantId, planogramId: PlanogramId });

export const MAX_PLANOGRAM_LINES = 200;
/**
 * Different products one planogram may hold: its save is one transaction with two items per product (its entry
 * in the index of lines by product and its planograms count, ACCESS-PATTERNS 26g, 26c), and a transaction holds
 * at most 100 items.
 */
export const MAX_PLANOGRAM_PRODUCTS = 48;

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

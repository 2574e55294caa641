import { PlanogramInput } from '#schemas/planogram';

/** A line as edited: numbers stay text until sent, so a half-typed value is not lost. */
export interface LineDraft {
  selection: string;
  productId: string;
  capacity: string;
  warningLevel: string;
  refillValue: string;
}

export type LineField = keyof LineDraft;
/** Message id per `{line index}.{field}`. */
export type LineErrors = Partial<Record<string, string>>;

const toNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

export const toLine = (l: LineDraft) => ({
  selection: l.selection.trim(),
  productId: l.productId,
  capacity: toNumber(l.capacity),
  warningLevel: toNumber(l.warningLevel),
  refillValue: toNumber(l.refillValue),
});

const FIELD_MESSAGES: Record<LineField, string> = {
  selection: 'planograms.error.selection',
  productId: 'planograms.error.product',
  capacity: 'planograms.error.capacity',
  warningLevel: 'planograms.error.warningLevel',
  refillValue: 'planograms.error.refillValue',
};

/** The rules across fields (refine issues of the shared schema): shown while typing, not only on save. */
const CROSS_FIELD_MESSAGES: Partial<Record<string, string>> = {
  warningLevel: 'planograms.error.warningAboveCapacity',
  refillValue: 'planograms.error.refillAboveCapacity',
  selection: 'planograms.error.selectionRepeated',
};

/**
 * The lines' problems by field, from the same schema the API checks with. `all` false: only what compares one
 * field with another (warning or refill above capacity, a repeated selection), which is worth saying while typing.
 */
export function lineErrors(lines: readonly LineDraft[], all: boolean): LineErrors {
  const parsed = PlanogramInput.safeParse({ name: 'x', planogramType: 'A', lines: lines.map(toLine) });
  const errors: LineErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [root, index, field] = issue.path;
    if (root !== 'lines' || typeof index !== 'number' || typeof field !== 'string') continue;
    const key = `${index}.${field}`;
    const cross = issue.code === 'custom' ? CROSS_FIELD_MESSAGES[field] : undefined;
    if (errors[key] || (!all && !cross)) continue;
    errors[key] = cross ?? FIELD_MESSAGES[field as LineField];
  }
  return errors;
}

/** A 404 ProductNotFoundException names the lines (`body.lines.{i}.productId`). */
export function unknownProductErrors(details: ReadonlyArray<{ path: string }> | undefined): LineErrors {
  const errors: LineErrors = {};
  for (const d of details ?? []) {
    const m = /^body\.lines\.(\d+)\.productId$/.exec(d.path);
    if (m) errors[`${m[1]}.productId`] = 'planograms.error.unknownProduct';
  }
  return errors;
}

import type { StockLine, StockLinesInput } from '#schemas/stock';
import type { FieldError, FieldErrors } from '../../lib/form-errors';
import type { ApiError } from '../../lib/api';

/** The values typed in the stock tab, by selection: text until saved, so a half-typed number is not lost. */
export type ValueDrafts = Readonly<Record<string, string>>;

/** What is wrong with a typed value of a line, or null: a whole number from 0 to the line's capacity. */
export function valueError(text: string, capacity: number): FieldError | null {
  const trimmed = text.trim();
  if (trimmed === '') return { messageId: 'validation.required' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { messageId: 'errors.validation.number' };
  if (value < 0) return { messageId: 'stock.error.negative' };
  if (!Number.isInteger(value)) return { messageId: 'stock.error.wholeNumber' };
  if (value > capacity) return { messageId: 'stock.error.aboveCapacity', values: { capacity } };
  return null;
}

/** The lines whose typed value differs from the stored one. */
export function editedLines(lines: readonly StockLine[], drafts: ValueDrafts): StockLine[] {
  return lines.filter((l) => drafts[l.selection] !== undefined && drafts[l.selection]!.trim() !== String(l.value));
}

/** The problems of the edited lines, by selection (shown under each field while typing). */
export function draftErrors(lines: readonly StockLine[], drafts: ValueDrafts): FieldErrors {
  const errors: FieldErrors = {};
  for (const line of editedLines(lines, drafts)) {
    const error = valueError(drafts[line.selection]!, line.capacity);
    if (error) errors[line.selection] = error;
  }
  return errors;
}

/** The PUT body of the edited lines (call once draftErrors is empty). */
export function linesInput(lines: readonly StockLine[], drafts: ValueDrafts): StockLinesInput {
  return { lines: editedLines(lines, drafts).map((l) => ({ selection: l.selection, value: Number(drafts[l.selection]!.trim()) })) };
}

/**
 * The API's answer about lines it refused (`body.lines.N.value`: above capacity or not a valid value;
 * `body.lines.N.selection`: no longer in the planogram), under the line that was sent N-th.
 */
export function apiLineErrors(error: ApiError, sent: StockLinesInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of error.details ?? []) {
    const m = /^body\.lines\.(\d+)\.(value|selection)$/.exec(detail.path);
    const selection = m ? sent.lines[Number(m[1])]?.selection : undefined;
    if (!selection || errors[selection]) continue;
    errors[selection] = { messageId: m![2] === 'selection' ? 'stock.error.lineNotFound' : 'stock.error.value' };
  }
  return errors;
}

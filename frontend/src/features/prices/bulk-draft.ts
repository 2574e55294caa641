import { BulkPriceChange, type BulkPriceOperation, type BulkPriceTarget } from '#schemas/prices';
import { MAX_BULK_MACHINES, MAX_PRICE } from '#schemas/prices-constants';
import type { FieldError, FieldErrors } from '../../lib/form-errors';
import { parseMoneyInput } from '../../lib/money-input';

/** The bulk price change as edited: which machines, which product and tables, set a price or add an amount (typed text). */
export interface BulkDraft {
  targetKind: BulkPriceTarget['kind'];
  planogramId: string;
  groupId: string;
  serials: string[];
  productId: string;
  priceTables: number[];
  operation: BulkPriceOperation['kind'];
  amount: string;
}

export const EMPTY_BULK_DRAFT: BulkDraft = {
  targetKind: 'planogram',
  planogramId: '',
  groupId: '',
  serials: [],
  productId: '',
  priceTables: [1],
  operation: 'set',
  amount: '',
};

export type BulkField = 'planogramId' | 'groupId' | 'serials' | 'productId' | 'priceTables' | 'amount';

/** An amount to add: a sign, then money as `parseMoneyInput` reads it; zero changes nothing, so it is refused. */
export function parseMoneyDelta(raw: string, currency: string, locale: string): { ok: true; minorUnits: number } | { ok: false; error: FieldError } {
  const negative = /^\s*-/.test(raw);
  const parsed = parseMoneyInput(raw.replace(/^\s*[-+]/, ''), currency, { max: MAX_PRICE, locale });
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.minorUnits === 0) return { ok: false, error: { messageId: 'prices.bulk.error.zeroDelta' } };
  return { ok: true, minorUnits: negative ? -parsed.minorUnits : parsed.minorUnits };
}

function targetOf(d: BulkDraft): BulkPriceTarget {
  if (d.targetKind === 'planogram') return { kind: 'planogram', planogramId: d.planogramId };
  if (d.targetKind === 'group') return { kind: 'group', groupId: d.groupId };
  return { kind: 'machines', serials: d.serials };
}

/** The draft as the API's change, or each field's problem (checked with the contract's own schema). */
export function bulkChangeOf(
  d: BulkDraft,
  merchantId: string,
  currency: string,
  locale: string,
): { ok: true; change: BulkPriceChange } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (d.targetKind === 'planogram' && !d.planogramId) errors.planogramId = { messageId: 'prices.bulk.error.planogram' };
  if (d.targetKind === 'group' && !d.groupId) errors.groupId = { messageId: 'prices.bulk.error.group' };
  if (d.targetKind === 'machines' && d.serials.length === 0) errors.serials = { messageId: 'prices.bulk.error.machines' };
  if (d.targetKind === 'machines' && d.serials.length > MAX_BULK_MACHINES)
    errors.serials = { messageId: 'prices.bulk.error.tooManyMachines', values: { max: MAX_BULK_MACHINES } };
  if (!d.productId) errors.productId = { messageId: 'prices.bulk.error.product' };
  if (d.priceTables.length === 0) errors.priceTables = { messageId: 'prices.bulk.error.priceTables' };

  let operation: BulkPriceOperation | null = null;
  if (d.operation === 'set') {
    const value = parseMoneyInput(d.amount, currency, { max: MAX_PRICE, locale });
    if (value.ok) operation = { kind: 'set', value: value.minorUnits };
    else errors.amount = value.error;
  } else {
    const delta = parseMoneyDelta(d.amount, currency, locale);
    if (delta.ok) operation = { kind: 'add', delta: delta.minorUnits };
    else errors.amount = delta.error;
  }
  if (Object.keys(errors).length > 0 || !operation) return { ok: false, errors };

  const parsed = BulkPriceChange.safeParse({
    merchantId,
    target: targetOf(d),
    productId: d.productId,
    priceTables: [...d.priceTables].sort((a, b) => a - b),
    operation,
  });
  if (!parsed.success) return { ok: false, errors: bulkFieldErrors(parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.') }))) };
  return { ok: true, change: parsed.data };
}

/** Which field a path of the API's answer (`body.target.serials.3`, `body.productId`, …) belongs to. */
function fieldOfPath(path: string): BulkField | null {
  if (path.startsWith('body.target.planogramId')) return 'planogramId';
  if (path.startsWith('body.target.groupId')) return 'groupId';
  if (path.startsWith('body.target')) return 'serials';
  if (path.startsWith('body.productId')) return 'productId';
  if (path.startsWith('body.priceTables')) return 'priceTables';
  if (path.startsWith('body.operation')) return 'amount';
  return null;
}

const REFUSED: Record<BulkField, string> = {
  planogramId: 'prices.bulk.error.planogram',
  groupId: 'prices.bulk.error.group',
  serials: 'prices.bulk.error.machines',
  productId: 'prices.bulk.error.product',
  priceTables: 'prices.bulk.error.priceTables',
  amount: 'prices.bulk.error.amount',
};

/** The fields a 400 or 404 answer names (its `details`), each with its message. */
export function bulkFieldErrors(details: ReadonlyArray<{ path: string }> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const d of details ?? []) {
    const field = fieldOfPath(d.path);
    if (field && !errors[field]) errors[field] = { messageId: REFUSED[field] };
  }
  return errors;
}

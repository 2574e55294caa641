/**
 * A page cursor that carries its list's total, so that the pages after the first make one Query and no count: the
 * total is counted beside page 1's Query and travels in every cursor after it. It is bound to what was counted (the
 * selection's key): a cursor of another selection is counted again, never shown another list's total. A tampered
 * total only misinforms whoever tampered with it (the positions inside are checked by `paging.ts` as before).
 */
import { createHash } from 'node:crypto';
import type { Total } from '#schemas/paging';
import { invalidCursor } from './paging';

interface CountedBody {
  /** The paging cursor (`paging.ts`). */
  c: string;
  /** The total counted with page 1, and whether it is a lower bound. */
  t: number;
  l?: 1;
  /** The key of the selection counted. */
  k: string;
}

/** A short key of what a total counts (the selection without what does not change it). */
export const selectionKey = (selection: unknown) => createHash('sha256').update(JSON.stringify(selection)).digest('base64url').slice(0, 16);

/** The paging cursor inside and, when it counted this selection, the total it carries. A cursor that does not decode → 400. */
export function openCountedCursor(cursor: string, key: string): { cursor: string; total?: Total } {
  let body: CountedBody;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CountedBody;
  } catch {
    throw invalidCursor();
  }
  if (!body || typeof body !== 'object') throw invalidCursor();
  // A plain paging cursor (given before totals travelled): counted again.
  if ('o' in body && 'p' in body) return { cursor };
  if (typeof body.c !== 'string' || typeof body.k !== 'string' || !Number.isSafeInteger(body.t) || body.t < 0) throw invalidCursor();
  if (body.k !== key) return { cursor: body.c };
  return { cursor: body.c, total: body.l ? { count: body.t, atLeast: true } : { count: body.t } };
}

export function sealCountedCursor(cursor: string, total: Total, key: string): string {
  const body: CountedBody = { c: cursor, t: total.count, ...(total.atLeast ? { l: 1 as const } : {}), k: key };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

import type { Page, Total } from '#schemas/paging';

/** A list's page as the API answers it: the slice, where it starts, and the total (exact, or a lower bound). */
export function pageOf<T>(q: { page: number; size: number }, slice: { items: T[]; cursor?: string }, total: number | Total): Page<T> {
  const t = typeof total === 'number' ? { count: total } : total;
  return {
    items: slice.items,
    page: q.page,
    size: q.size,
    total: t.count,
    ...(t.atLeast ? { totalIsLowerBound: true } : {}),
    ...(slice.cursor ? { cursor: slice.cursor } : {}),
  };
}

/** A page with nothing in it (the caller may see nothing of the selection). */
export const emptyPage = <T>(q: { page: number; size: number }): Page<T> => pageOf<T>(q, { items: [] }, 0);

/** The sum of totals counted separately (e.g. one per group): a lower bound when any part is. */
export function sumTotals(totals: readonly Total[]): Total {
  const count = totals.reduce((a, t) => a + t.count, 0);
  return totals.some((t) => t.atLeast) ? { count, atLeast: true } : { count };
}

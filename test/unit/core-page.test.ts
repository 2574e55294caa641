import { describe, expect, it } from 'vitest';
import { emptyPage, pageOf, sumTotals } from '../../functions/core/shared/page';

describe('a list page (core/shared/page)', () => {
  it('carries the slice, its cursor and an exact total', () => {
    expect(pageOf({ page: 2, size: 20 }, { items: ['a'], cursor: 'c' }, 21)).toEqual({ items: ['a'], page: 2, size: 20, total: 21, cursor: 'c' });
    expect(pageOf({ page: 1, size: 20 }, { items: [] }, { count: 0 })).toEqual({ items: [], page: 1, size: 20, total: 0 });
    expect(emptyPage({ page: 3, size: 10 })).toEqual({ items: [], page: 3, size: 10, total: 0 });
  });

  it('says when the total is a lower bound, also for a sum of parts where any one is', () => {
    expect(pageOf({ page: 1, size: 20 }, { items: [] }, { count: 2_001, atLeast: true })).toMatchObject({ total: 2_001, totalIsLowerBound: true });
    expect(sumTotals([{ count: 3 }, { count: 4 }])).toEqual({ count: 7 });
    expect(sumTotals([{ count: 3 }, { count: 1_001, atLeast: true }])).toEqual({ count: 1_004, atLeast: true });
  });
});

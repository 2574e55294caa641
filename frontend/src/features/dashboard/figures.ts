import type { StatsFigures } from '#schemas/transaction';

/** The dashboard's split of sales: cash, cashless (cards, online), key (the merchant's media) and the rest that moves money. */
export const SPLIT = ['cash', 'cashless', 'media', 'bonus'] as const;

/** What was sold: every category with a value except recharges (money put on keys, not a sale) and failed vends. */
const SOLD = ['cash', 'cashless', 'media', 'bonus', 'free'] as const;

export const soldValue = (f: StatsFigures) => SOLD.reduce((sum, c) => sum + f[c].value, 0);
export const soldCount = (f: StatsFigures) => SOLD.reduce((sum, c) => sum + f[c].count, 0);

/** The change from `previous` to `current` as a fraction, or null when there was nothing before (never NaN or Infinity). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

import { SOLD_CATEGORIES } from '#schemas/kpi-constants';
import type { StatsFigures } from '#schemas/transaction';

/** What was sold, split by how it was paid: cash, cashless (cards, online, the app) and key (the merchant's media). */
export const SPLIT = SOLD_CATEGORIES;

export const soldValue = (f: StatsFigures) => SPLIT.reduce((sum, c) => sum + f[c].value, 0);
export const soldCount = (f: StatsFigures) => SPLIT.reduce((sum, c) => sum + f[c].count, 0);

/** The change from `previous` to `current` as a fraction, or null when there was nothing before (never NaN or Infinity). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

import type { Merchant, MerchantInput, MerchantSummary } from '#schemas/merchant';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';

/** Case-insensitive, accent-insensitive form used for ordering and uniqueness of names. */
export function nameKey(name: string): string {
  return name.trim().normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

export function newMerchant(id: string, input: MerchantInput, now: string): Merchant {
  return { id, ...input, name: input.name.trim(), createdAt: now, updatedAt: now };
}

/** The reserved pseudo-merchant the super admin picks in the merchant selector to see every distributor at once. Never stored. */
export const ALL_DISTRIBUTORS: MerchantSummary = { id: ALL_DISTRIBUTORS_ID, name: 'All distributors', currency: 'EUR', features: [] };

export function toSummary(m: Merchant): MerchantSummary {
  return { id: m.id, name: m.name, currency: m.currency, features: m.features };
}

export function byName(a: { name: string }, b: { name: string }): number {
  const ka = nameKey(a.name);
  const kb = nameKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

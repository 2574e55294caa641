import { ALL_DISTRIBUTORS_ID, type Merchant, type MerchantInput, type MerchantSummary } from '../../../schemas/merchant';

/** Case-insensitive, accent-insensitive form used for ordering and uniqueness of names. */
export function nameKey(name: string): string {
  return name.trim().normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

export function newMerchant(id: string, input: MerchantInput, now: string): Merchant {
  return { id, ...input, name: input.name.trim(), createdAt: now, updatedAt: now };
}

/** The reserved pseudo-merchant the super admin picks to see every distributor at once. Never stored. */
export const ALL_DISTRIBUTORS_MERCHANT: Merchant = {
  id: ALL_DISTRIBUTORS_ID, name: 'All distributors', screenConfigurationManagement: false, country: '', language: 'it', timezone: 'UTC',
  currency: 'EUR', legalInfo: '', contactPerson: '', contactEmail: '', licence: '', defaultWarranty: 0, extendedWarranty: 0, features: [],
  createdAt: '0001-01-01T00:00:00.000Z', updatedAt: '0001-01-01T00:00:00.000Z',
};
export const ALL_DISTRIBUTORS: MerchantSummary = toSummary(ALL_DISTRIBUTORS_MERCHANT);

export function toSummary(m: Merchant): MerchantSummary {
  return { id: m.id, name: m.name, currency: m.currency, features: m.features };
}

export function byName(a: { name: string }, b: { name: string }): number {
  const ka = nameKey(a.name);
  const kb = nameKey(b.name);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

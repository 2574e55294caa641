import * as z from 'zod/mini';
import { CountryCode, CurrencyCode, Language } from './collections';
import { FeatureFlag } from './features';
import { Merchant } from './merchant-entity';
import { cursorParam, ordType, page, pageNumber, pageSize } from './paging';

export { ALL_DISTRIBUTORS_ID } from './merchant-constants';
export { MerchantId, MerchantIdParams, MerchantSummaries, MerchantSummary } from './merchant-summary';
export { Merchant } from './merchant-entity';

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** What an admin may write on a merchant. Ids, dates and versions are the server's. */
export const MerchantInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  screenConfigurationManagement: z._default(z.boolean(), false),
  country: CountryCode,
  language: Language,
  timezone: z.string().check(z.refine(isTimeZone, 'unknown time zone')),
  currency: CurrencyCode,
  legalInfo: z._default(text(500), ''),
  contactPerson: z._default(text(100), ''),
  contactEmail: z.email('invalid email'),
  licence: z._default(text(100), ''),
  defaultWarranty: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(120)), 24),
  extendedWarranty: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(120)), 0),
  features: z._default(z.array(FeatureFlag).check(z.maxLength(20)), []),
});
export type MerchantInput = z.infer<typeof MerchantInput>;

/** GET /merchants with `page` or `size` answers a page; without both, every merchant (spec §7). */
export const MerchantListQuery = z.strictObject({
  page: z.optional(pageNumber),
  size: z.optional(pageSize),
  ord: z.optional(z.enum(['name'])),
  ordType: z.optional(ordType),
  cursor: z.optional(cursorParam),
});
export const MerchantPage = page(Merchant);
export const MerchantList = z.union([MerchantPage, z.array(Merchant)]);

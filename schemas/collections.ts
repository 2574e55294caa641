import * as z from 'zod/mini';
import { CurrencyCode } from './currency';
import { DeviceTypeCode } from './device-types';
import { Language } from './language';

export { LANGUAGES, Language } from './language';
export { CURRENCIES, CurrencyCode } from './currency';
export { CASH_DEVICE_TYPES, DEVICE_TYPES, DeviceTypeCode, VENDING_DEVICE_TYPES } from './device-types';

export const CountryCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'country must be an ISO 3166 alpha-2 code'));

export const Currency = z.object({
  code: CurrencyCode,
  decimals: z.number(),
  thousandsSeparator: z.string(),
  decimalSeparator: z.string(),
});
export const Country = z.object({ code: z.string(), name: z.string(), currency: z.string(), postalCodePattern: z.string() });
export const LanguageItem = z.object({ code: Language, name: z.string() });
export const Timezone = z.object({ id: z.string(), offset: z.string() });
export const PosSector = z.object({ id: z.string(), name: z.string() });
export const DeviceType = z.object({ code: DeviceTypeCode, family: z.enum(['CASH', 'VENDING']) });
export const ReleaseInfo = z.object({ version: z.string(), date: z.string(), notes: z.array(z.string()) });

export const Collections = z.object({
  currencies: z.array(Currency),
  countries: z.array(Country),
  languages: z.array(LanguageItem),
  timezones: z.array(Timezone),
  posSectors: z.array(PosSector),
  deviceTypes: z.array(DeviceType),
  releaseInfo: ReleaseInfo,
});
export type Collections = z.infer<typeof Collections>;

export const PostalCodeParams = z.strictObject({
  country: CountryCode,
  code: z.string().check(z.trim(), z.minLength(2), z.maxLength(12)),
});
export const PostalCodePlace = z.object({ country: z.string(), postalCode: z.string(), city: z.string(), province: z.string() });
export type PostalCodePlace = z.infer<typeof PostalCodePlace>;

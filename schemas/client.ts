import * as z from 'zod/mini';
import { CountryCode } from './collections';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';

export const ClientId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid client id'));
export const ClientParams = z.strictObject({ id: MerchantId, clientId: ClientId });

/** A client of a merchant (spec §3): whom machines are placed with. `machines` counts the machines associated with it. */
export const Client = z.object({
  id: z.string(),
  merchantId: z.string(),
  code: z.string(),
  name: z.string(),
  companyName: z.string(),
  vat: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  website: z.string(),
  machines: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof Client>;

const text = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/** Digits of a phone number once spaces, dots, dashes and parentheses are removed: E.164, optional leading +. */
export const PHONE_PATTERN = /^\+?[1-9]\d{6,14}$/;
export const isPhone = (value: string) => PHONE_PATTERN.test(value.replace(/[\s().-]/g, ''));

const optionalPhone = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(30),
    z.refine((v) => v === '' || isPhone(v), 'invalid phone'),
  ),
  '',
);
const optionalUrl = z._default(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'invalid URL' }).check(z.maxLength(300))]), '');

/**
 * What an admin writes on a client. Postal code and VAT are checked against `country` by the server
 * (functions/core/clients/validation.ts), so the format rules live with the country reference data.
 */
export const ClientInput = z.strictObject({
  code: text(40),
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  companyName: text(150),
  vat: z._default(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(20)), ''),
  address: text(200),
  city: text(100),
  province: text(100),
  postalCode: z._default(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(12)), ''),
  country: CountryCode,
  phone: optionalPhone,
  website: optionalUrl,
});
export type ClientInput = z.infer<typeof ClientInput>;

export const ClientListQuery = pageQuery(['name'] as const);
export const ClientPage = page(Client);

import * as z from 'zod/mini';

/*
 * A merchant as stored and answered. Apart from merchant.ts (which re-exports it) so that the record schemas that
 * read merchant items (the feature gate's on every request) bundle none of the merchant's input and list schemas.
 */

export const Merchant = z.object({
  id: z.string(),
  name: z.string(),
  screenConfigurationManagement: z.boolean(),
  country: z.string(),
  language: z.string(),
  timezone: z.string(),
  currency: z.string(),
  legalInfo: z.string(),
  contactPerson: z.string(),
  contactEmail: z.string(),
  licence: z.string(),
  defaultWarranty: z.number(),
  extendedWarranty: z.number(),
  features: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Merchant = z.infer<typeof Merchant>;

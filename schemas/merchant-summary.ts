import * as z from 'zod/mini';

/*
 * What other groups need of a merchant: its id in a path and the selector's summary. Apart from merchant.ts
 * (which re-exports them) so that a group importing only these bundles none of the merchant's input schemas.
 */

export const MerchantId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid merchant id'));
export const MerchantIdParams = z.strictObject({ id: MerchantId });

/** The merchants a user can pick in the selector. */
export const MerchantSummary = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  features: z.array(z.string()),
});
export type MerchantSummary = z.infer<typeof MerchantSummary>;
export const MerchantSummaries = z.array(MerchantSummary);

import * as z from 'zod/mini';

/*
 * A product and its custom parameters as stored and answered, and its id. Apart from product.ts (which re-exports
 * them) so that their record schemas and the planogram's lines bundle none of the product inputs, queries and imports.
 */

export { ProductId } from './product-id';

/** Spec §3/§4: A hot, B cold, C snack (mixed in one reading), D non-food. */
export const PRODUCT_TYPES = ['A', 'B', 'C', 'D'] as const;
export const ProductType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductType>;

export const CUSTOM_PARAMETER_TYPES = ['text', 'number', 'boolean'] as const;
export const CustomParameterType = z.enum(CUSTOM_PARAMETER_TYPES);

export const CustomParameter = z.object({ name: z.string(), type: CustomParameterType, required: z.boolean() });
export type CustomParameter = z.infer<typeof CustomParameter>;

export const CustomParameterValue = z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean()]);
export type CustomParameterValue = z.infer<typeof CustomParameterValue>;

/**
 * A product of a merchant's catalogue (spec §3). `vat`: the VAT rate in percent. `planograms`: how many planograms
 * have a line of it (moved by the planograms' transactions); a product in use cannot be deleted.
 */
export const Product = z.object({
  id: z.string(),
  merchantId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  productType: ProductType,
  vat: z.number(),
  customParameters: z.record(z.string(), CustomParameterValue),
  planograms: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;

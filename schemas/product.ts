import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery, searchText } from './paging';
import { CustomParameter, CustomParameterType, CustomParameterValue, Product, ProductId, ProductType } from './product-entity';

export {
  CUSTOM_PARAMETER_TYPES,
  CustomParameter,
  CustomParameterType,
  CustomParameterValue,
  PRODUCT_TYPES,
  Product,
  ProductId,
  ProductType,
} from './product-entity';

export const ProductParams = z.strictObject({ id: MerchantId, productId: ProductId });

/** Letters, digits, dot, dash, underscore, slash: what a catalogue code looks like and what a planogram line can carry. */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;

// ---- Custom parameters: the merchant's own extra product fields ----

export const MAX_CUSTOM_PARAMETERS = 20;
/** A parameter name is also a CSV column: no commas, quotes or line breaks, and not one of the fixed columns. */
export const CUSTOM_PARAMETER_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

export const CustomParameterInput = z.strictObject({
  name: z.string().check(z.trim(), z.regex(CUSTOM_PARAMETER_NAME_PATTERN, 'a name of 1–40 letters, digits, spaces, dots, dashes')),
  type: CustomParameterType,
  required: z._default(z.boolean(), false),
});

export const CustomParameters = z.object({
  parameters: z.array(CustomParameter),
  updatedAt: z.optional(z.string()),
});
export type CustomParameters = z.infer<typeof CustomParameters>;

export const CustomParametersInput = z.strictObject({
  parameters: z.array(CustomParameterInput).check(z.maxLength(MAX_CUSTOM_PARAMETERS)),
});
export type CustomParametersInput = z.infer<typeof CustomParametersInput>;

// ---- Products ----

/** What an admin writes on a product; custom parameter values are checked against the merchant's list by the server. */
export const ProductInput = z.strictObject({
  code: z.string().check(z.trim(), z.regex(PRODUCT_CODE_PATTERN, 'a code of 1–40 letters, digits, dots, dashes, slashes')),
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  description: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  productType: ProductType,
  vat: z.number().check(
    z.minimum(0),
    z.maximum(100),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals'),
  ),
  customParameters: z._default(z.record(z.string(), CustomParameterValue), {}),
});
export type ProductInput = z.infer<typeof ProductInput>;

const productFilters = { search: searchText, productType: z.optional(ProductType) };
export const ProductListQuery = pageQuery(['name', 'code'] as const, productFilters);
export type ProductListQuery = z.infer<typeof ProductListQuery>;
export const ProductExportQuery = z.strictObject({
  ord: z._default(z.enum(['name', 'code']), 'name'),
  ordType: z._default(z.enum(['asc', 'desc']), 'asc'),
  ...productFilters,
});
export type ProductExportQuery = z.infer<typeof ProductExportQuery>;
export const ProductPage = page(Product);

/** Most rows one import takes: each row is its own transaction, and the whole request must end well inside API Gateway's 29 s. */
export const MAX_PRODUCT_IMPORT_ROWS = 1_000;

/**
 * An import: a CSV document (header line: code, name, description, productType, vat, then one column per custom
 * parameter, named as it) or the same rows as JSON. Upsert by code; every row is checked before anything is written.
 */
export const ProductImport = z.union([
  z.strictObject({ csv: z.string().check(z.minLength(1), z.maxLength(900_000)) }),
  z.strictObject({ rows: z.array(z.record(z.string(), z.unknown())).check(z.minLength(1), z.maxLength(MAX_PRODUCT_IMPORT_ROWS)) }),
]);
export type ProductImport = z.infer<typeof ProductImport>;

export const ProductImportResult = z.object({ created: z.number(), updated: z.number() });
export type ProductImportResult = z.infer<typeof ProductImportResult>;

/** Where a product is used: the planograms with a line of it, and the machines those planograms are assigned to. */
export const ProductAssociations = z.object({
  planograms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      machines: z.array(z.object({ serial: z.string(), name: z.string() })),
    }),
  ),
});
export type ProductAssociations = z.infer<typeof ProductAssociations>;

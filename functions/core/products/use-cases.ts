import type {
  CustomParameters,
  CustomParametersInput,
  Product,
  ProductAssociations,
  ProductExportQuery,
  ProductImport,
  ProductImportResult,
  ProductInput,
  ProductListQuery,
} from '#schemas/product';
import type { Page } from '#schemas/paging';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { nameKey } from '../merchants/merchant';
import { toCsv } from '../shared/csv';
import { ValidationError } from '../shared/domain-error';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { checkParameterList, customValueProblems, withoutEmpty } from './custom-parameters';
import { ProductInUseException, ProductNotFoundException } from './errors';
import { importRows } from './import-rows';
import type { CustomParameterRepository, ProductRepository, ProductUsage } from './ports';
import { recordChange } from '../audit/change-recorder';

export interface ProductDeps {
  products: ProductRepository;
  customParameters: CustomParameterRepository;
  productUsage: ProductUsage;
  merchants: MerchantRepository;
  newId: () => string;
  now: () => string;
}

/** Most rows of a CSV export, as the other CSV routes. */
export const MAX_PRODUCT_EXPORT = 5_000;
/** The whole catalogue an import is checked against (names held by other products). */
const MAX_CATALOGUE_READ = 50_000;
/** Rows written side by side during an import. */
const IMPORT_CONCURRENCY = 8;

/** The catalogue is merchant-wide: every role of the merchant reads it (a group admin too). */
async function requireMerchant(deps: Pick<ProductDeps, 'merchants'>, principal: Principal, merchantId: string): Promise<void> {
  if (!canSeeMerchant(principal, merchantId) || !(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
}

export async function listProducts(deps: ProductDeps, principal: Principal, merchantId: string, q: ProductListQuery): Promise<Page<Product>> {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const sel = { ord: q.ord, ordType: q.ordType, search: q.search, productType: q.productType };
  const [slice, total, merchant] = await Promise.all([
    deps.products.listSlice(merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, cursor: q.cursor }),
    deps.products.count(merchantId, sel),
    deps.merchants.get(merchantId),
  ]);
  if (!merchant) throw new MerchantNotFoundException();
  return pageOf(q, slice, total);
}

/** The list's selection as CSV (at most MAX_PRODUCT_EXPORT rows): the fixed columns, then one per custom parameter. */
export async function productsCsv(deps: ProductDeps, principal: Principal, merchantId: string, q: ProductExportQuery): Promise<string> {
  await requireMerchant(deps, principal, merchantId);
  const [products, { parameters }] = await Promise.all([deps.products.listAll(merchantId, q, MAX_PRODUCT_EXPORT), deps.customParameters.get(merchantId)]);
  const names = parameters.map((p) => p.name);
  return toCsv(
    ['code', 'name', 'description', 'productType', 'vat', ...names],
    products.map((p) => ({
      ...Object.fromEntries(names.map((n) => [n, p.customParameters[n]])),
      code: p.code,
      name: p.name,
      description: p.description,
      productType: p.productType,
      vat: p.vat,
    })),
  );
}

export async function getProduct(deps: Pick<ProductDeps, 'products'>, principal: Principal, merchantId: string, id: string): Promise<Product> {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const product = await deps.products.get(merchantId, id);
  if (!product) throw new ProductNotFoundException();
  return product;
}

async function checkCustomValues(deps: ProductDeps, merchantId: string, input: ProductInput): Promise<ProductInput> {
  const { parameters } = await deps.customParameters.get(merchantId);
  const details = customValueProblems(parameters, input.customParameters, 'body.customParameters');
  if (details.length) throw new ValidationError('ValidationException', 'The request is not valid', details);
  return { ...input, customParameters: withoutEmpty(input.customParameters) };
}

export async function createProduct(deps: ProductDeps, principal: Principal, merchantId: string, input: ProductInput): Promise<Product> {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const checked = await checkCustomValues(deps, merchantId, input);
  const now = deps.now();
  const product: Product = { ...checked, id: deps.newId(), merchantId, planograms: 0, createdAt: now, updatedAt: now };
  await deps.products.create(product);
  return product;
}

export async function updateProduct(deps: ProductDeps, principal: Principal, merchantId: string, id: string, input: ProductInput): Promise<Product> {
  const current = await getProduct(deps, principal, merchantId, id);
  const checked = await checkCustomValues(deps, merchantId, input);
  const now = deps.now();
  const next: Product = { ...current, ...checked, updatedAt: now > current.updatedAt ? now : current.updatedAt };
  await deps.products.update(current, next);
  return next;
}

/**
 * A product a planogram still has a line of cannot go: 409 ProductInUseException naming the planograms. The
 * repository's delete is conditioned on the product's `planograms` count, so a planogram saved meanwhile wins too.
 */
export async function deleteProduct(deps: ProductDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  const product = await getProduct(deps, principal, merchantId, id);
  const using = await deps.productUsage.planogramsUsing(merchantId, id);
  if (using.length) throw new ProductInUseException(using);
  try {
    await deps.products.delete(product);
  } catch (error) {
    if (error instanceof ProductInUseException) throw new ProductInUseException(await deps.productUsage.planogramsUsing(merchantId, id));
    throw error;
  }
}

export async function productAssociations(deps: ProductDeps, principal: Principal, merchantId: string, id: string): Promise<ProductAssociations> {
  await getProduct(deps, principal, merchantId, id);
  return { planograms: await deps.productUsage.planogramsUsing(merchantId, id) };
}

export async function getCustomParameters(deps: ProductDeps, principal: Principal, merchantId: string): Promise<CustomParameters> {
  await requireMerchant(deps, principal, merchantId);
  return deps.customParameters.get(merchantId);
}

/** Replaces the merchant's list; values already on products are kept, and checked against the new list when a product is next saved. */
export async function putCustomParameters(
  deps: ProductDeps,
  principal: Principal,
  merchantId: string,
  input: CustomParametersInput,
): Promise<CustomParameters> {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  checkParameterList(input.parameters);
  const updatedAt = deps.now();
  const before = await deps.customParameters.get(merchantId);
  await deps.customParameters.put(merchantId, input.parameters, updatedAt);
  recordChange('productCustomParameters', merchantId, before, { parameters: input.parameters, updatedAt });
  return { parameters: input.parameters, updatedAt };
}

/**
 * Upsert by code: every row is checked first (ProductImportInvalidException lists every problem and nothing is
 * written); then each row is created or updated. A concurrent edit that makes a row fail after the checks stops
 * the import with that row's error; rows written before it stay.
 */
export async function importProducts(deps: ProductDeps, principal: Principal, merchantId: string, body: ProductImport): Promise<ProductImportResult> {
  await requireMerchant(deps, principal, merchantId);
  const [{ parameters }, existing] = await Promise.all([
    deps.customParameters.get(merchantId),
    deps.products.listAll(merchantId, { ord: 'code', ordType: 'asc' }, MAX_CATALOGUE_READ),
  ]);
  const rows = importRows(body, parameters, existing);
  const byCode = new Map(existing.map((p) => [nameKey(p.code), p]));
  const result = { created: 0, updated: 0 };
  const now = deps.now();
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const input = rows[next++]!;
      const current = byCode.get(nameKey(input.code));
      if (current) {
        await deps.products.update(current, { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt });
        result.updated++;
      } else {
        await deps.products.create({ ...input, id: deps.newId(), merchantId, planograms: 0, createdAt: now, updatedAt: now });
        result.created++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, rows.length) }, worker));
  return result;
}

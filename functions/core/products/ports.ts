import type { CustomParameter, Product, ProductType } from '#schemas/product';

export interface ProductSelection {
  ord: 'name' | 'code';
  ordType: 'asc' | 'desc';
  /** Part of the name or the code (at least 3 letters), case- and accent-insensitive. */
  search?: string;
  productType?: ProductType;
}

/**
 * A merchant's products. Code and name are each unique per merchant (case- and accent-insensitive);
 * implementations enforce both atomically.
 */
export interface ProductRepository {
  get(merchantId: string, id: string): Promise<Product | undefined>;
  listSlice(merchantId: string, sel: ProductSelection & { offset: number; limit: number; cursor?: string }): Promise<{ items: Product[]; cursor?: string }>;
  /** Exact without search or filter (a counter), else counted up to a bound. */
  count(merchantId: string, sel: ProductSelection): Promise<{ count: number; atLeast?: true }>;
  /** The first `max` products of the selection, in its order (CSV export, import checks). */
  listAll(merchantId: string, sel: ProductSelection, max: number): Promise<Product[]>;
  /** Throws ProductCodeAlreadyExistsException, ProductNameAlreadyExistsException, MerchantNotFoundException. */
  create(product: Product): Promise<void>;
  /** Throws ProductNotFoundException, ProductCodeAlreadyExistsException, ProductNameAlreadyExistsException. */
  update(current: Product, next: Product): Promise<void>;
  /** Throws ProductNotFoundException, ProductInUseException (its `planograms` count is above 0). */
  delete(current: Product): Promise<void>;
}

/** The merchant's list of extra product fields. */
export interface CustomParameterRepository {
  get(merchantId: string): Promise<{ parameters: CustomParameter[]; updatedAt?: string }>;
  /** Throws MerchantNotFoundException. */
  put(merchantId: string, parameters: CustomParameter[], updatedAt: string): Promise<void>;
}

export interface PlanogramUse {
  id: string;
  name: string;
  machines: Array<{ serial: string; name: string }>;
}

/** Where a product is used (planograms are stored by their own context: this reads their index of lines by product). */
export interface ProductUsage {
  planogramsUsing(merchantId: string, productId: string): Promise<PlanogramUse[]>;
}
